import { describe, expect, it } from "vitest";
import { readPush } from "./message-stream";

describe("readPush", () => {
  it("reads a pushed message's conversation and the unread total", () => {
    const data = JSON.stringify({ type: "message", conversationId: "c1", unread: 2 });
    expect(readPush(data)).toEqual({ conversationId: "c1", unread: 2 });
  });

  it("ignores anything else: not JSON, another type, a count that is not a count", () => {
    expect(readPush("not json")).toBeNull();
    expect(readPush("{}")).toBeNull();
    expect(readPush(JSON.stringify({ type: "other", conversationId: "c1", unread: 1 }))).toBeNull();
    expect(
      readPush(JSON.stringify({ type: "message", conversationId: "c1", unread: -1 })),
    ).toBeNull();
    expect(readPush(JSON.stringify({ type: "message", conversationId: 1, unread: 1 }))).toBeNull();
    expect(readPush(null)).toBeNull();
  });
});
