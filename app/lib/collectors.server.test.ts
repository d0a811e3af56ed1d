import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../server/errors";
import { collectAfterSignIn, savedStateFor } from "./collectors.server";

function contextWith(collectors: Record<string, unknown>) {
  const logger = { error: vi.fn(), warn: vi.fn() };
  return { context: { services: { collectors, logger } } as unknown as AppLoadContext, logger };
}

describe("collectAfterSignIn", () => {
  it("saves and follows what the visitor pressed before signing in", async () => {
    const save = vi.fn(() => Promise.resolve());
    const follow = vi.fn(() => Promise.resolve());
    const { context } = contextWith({ save, follow });
    await collectAfterSignIn(context, "me", new URLSearchParams({ save: "w1", follow: "a1" }));
    expect(save).toHaveBeenCalledWith("me", "w1");
    expect(follow).toHaveBeenCalledWith("me", "a1");
    await collectAfterSignIn(context, "me", new URLSearchParams({ next: "/x" }));
    expect(save).toHaveBeenCalledOnce();
  });

  it("logs a refusal and lets the sign-in go on", async () => {
    const save = vi.fn(() => Promise.reject(new AppError("NOT_FOUND", 404, "Artwork not found")));
    const { context, logger } = contextWith({ save });
    await expect(
      collectAfterSignIn(context, "me", new URLSearchParams({ save: "gone" })),
    ).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});

describe("savedStateFor", () => {
  it("asks once about the page's works for a signed-in viewer, never for a visitor", async () => {
    const savedAmong = vi.fn(() => Promise.resolve(["b"]));
    const { context } = contextWith({ savedAmong });
    expect(await savedStateFor(context, null, ["a"])).toBeNull();
    expect(savedAmong).not.toHaveBeenCalled();
    expect(await savedStateFor(context, "me", ["a", "b", "a"])).toEqual({
      saved: ["b"],
      checked: ["a", "b"],
    });
    expect(savedAmong).toHaveBeenCalledOnce();
  });

  it("leaves the hearts unknown (asked later) when the read fails", async () => {
    const { context, logger } = contextWith({ savedAmong: () => Promise.reject(new Error("x")) });
    expect(await savedStateFor(context, "me", ["a"])).toEqual({ saved: [], checked: [] });
    expect(logger.error).toHaveBeenCalledOnce();
  });
});
