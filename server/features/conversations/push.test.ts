import { describe, expect, it } from "vitest";
import { createMemoryBus } from "./push";

describe("the in-memory push bus", () => {
  it("delivers to each of a person's listeners only, until they unsubscribe", async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    const stopA = bus.subscribe("ann", (e) => seen.push(`a:${e?.conversationId}`));
    bus.subscribe("ann", (e) => seen.push(`b:${e?.conversationId}`));
    bus.subscribe("bob", (e) => seen.push(`bob:${e?.conversationId}`));
    await bus.publish("ann", { type: "message", conversationId: "c1", unread: 1 });
    stopA();
    await bus.publish("ann", { type: "message", conversationId: "c2", unread: 2 });
    expect(seen).toEqual(["a:c1", "b:c1", "b:c2"]);
    expect(bus.listenerCount()).toBe(2);
  });

  it("ends every listener with null when it closes", async () => {
    const bus = createMemoryBus();
    const seen: unknown[] = [];
    bus.subscribe("ann", (e) => seen.push(e));
    bus.subscribe("bob", (e) => seen.push(e));
    await bus.close();
    expect(seen).toEqual([null, null]);
    expect(bus.listenerCount()).toBe(0);
  });
});
