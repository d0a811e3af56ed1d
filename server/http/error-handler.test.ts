import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { createErrorHandler } from "./error-handler";

function appThrowing(error: unknown) {
  const logged: unknown[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (_m, f) => logged.push(f),
  };
  const app = new Hono();
  app.onError(createErrorHandler(logger));
  app.get("/", () => {
    throw error;
  });
  return { app, logged };
}

describe("error handler", () => {
  it("answers an AppError with its code, status and message", async () => {
    const { app } = appThrowing(new AppError("CONFLICT", 409, "Already sold."));
    const response = await app.request("/");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: "CONFLICT", message: "Already sold." },
    });
  });

  it("answers a validation error with 400 and its first message", async () => {
    const parsed = z.object({ n: z.number({ error: "n must be a number" }) }).safeParse({ n: "x" });
    const { app } = appThrowing(parsed.error);
    const response = await app.request("/");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "VALIDATION_FAILED", message: "n must be a number" },
    });
  });

  it("never leaks internals of an unexpected error, but logs them", async () => {
    const { app, logged } = appThrowing(
      new Error('relation "users" password=hunter2 at /srv/app.ts:12'),
    );
    const response = await app.request("/");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/hunter2|relation|\.ts/);
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
    });
    expect(logged).toHaveLength(1);
  });
});
