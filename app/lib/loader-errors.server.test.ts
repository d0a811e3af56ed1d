import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { actionError, nullIfNotFound, readForPage } from "./loader-errors.server";

type Logged = { message: string; fields?: Record<string, unknown> };

/** A load context whose logger keeps its lines (the only service these helpers use). */
function contextWithLog() {
  const logged: Logged[] = [];
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (message: string, fields?: Record<string, unknown>) =>
      void logged.push({ message, fields }),
  };
  const context = { services: { logger } } as unknown as AppLoadContext;
  return { context, logged };
}

const failure = { fallback: "Failed to fetch artwork details", log: "An artwork failed to load" };

/** What a loader threw: React Router's `data(text, { status })`. */
async function thrown(read: Promise<unknown>) {
  const error: unknown = await read.then(
    () => null,
    (e: unknown) => e,
  );
  const { data, init } = error as { data: unknown; init: { status?: number } | null };
  return { data, status: init?.status };
}

describe("readForPage", () => {
  it("hands back what the read answered", async () => {
    const { context, logged } = contextWithLog();
    await expect(readForPage(context, () => Promise.resolve(42), failure)).resolves.toBe(42);
    expect(logged).toEqual([]);
  });

  it("throws a service's refusal with its text and status, without logging it", async () => {
    const { context, logged } = contextWithLog();
    const read = () => Promise.reject(new AppError("NOT_FOUND", 404, "Artwork not found"));
    expect(await thrown(readForPage(context, read, failure))).toEqual({
      data: "Artwork not found",
      status: 404,
    });
    expect(logged).toEqual([]);
  });

  it("logs anything else and throws the page's fallback with a 500", async () => {
    const { context, logged } = contextWithLog();
    const lost = new Error("connection lost");
    const read = () => Promise.reject(lost);
    const details = { id: "w1" };
    expect(await thrown(readForPage(context, read, { ...failure, details }))).toEqual({
      data: "Failed to fetch artwork details",
      status: 500,
    });
    expect(logged).toEqual([
      { message: "An artwork failed to load", fields: { error: lost, id: "w1" } },
    ]);
  });

  it("treats a service's own 5xx as unexpected: logged, and the fallback shown", async () => {
    const { context, logged } = contextWithLog();
    const read = () => Promise.reject(new AppError("INTERNAL", 503, "internal detail"));
    expect(await thrown(readForPage(context, read, failure))).toEqual({
      data: "Failed to fetch artwork details",
      status: 500,
    });
    expect(logged).toHaveLength(1);
  });
});

describe("actionError", () => {
  it("gives the form the refusal's text, code and status; the fallback (logged) otherwise", () => {
    const { context, logged } = contextWithLog();
    const refused = actionError(context, new AppError("WEAK_PASSWORD", 400, "Too weak"), failure);
    expect(refused.data).toEqual({ ok: false, error: "Too weak", code: "WEAK_PASSWORD" });
    expect(refused.init?.status).toBe(400);
    const broken = actionError(context, new Error("x"), failure);
    expect(broken.data).toEqual({ ok: false, error: failure.fallback, code: "INTERNAL" });
    expect(broken.init?.status).toBe(500);
    expect(logged).toHaveLength(1);
  });
});

describe("nullIfNotFound", () => {
  it("reads a 404 as null and lets every other error through", () => {
    expect(nullIfNotFound(new AppError("NOT_FOUND", 404, "Artwork not found"))).toBeNull();
    const other = new AppError("FORBIDDEN", 403, "no");
    expect(() => nullIfNotFound(other)).toThrow(other);
  });
});
