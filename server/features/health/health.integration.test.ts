import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import { healthSchema } from "../../../contracts/health.contract";
import { expectContract } from "../../test/contract";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database in use", async () => {
    const response = await t.app.request("/api/health");
    expect(response.status).toBe(200);
    const expected = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(expectContract(healthSchema, await response.json())).toEqual({
      status: "ok",
      database: expected,
    });
  });

  it("carries the security headers", async () => {
    const response = await t.app.request("/api/health");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("unknown API paths", () => {
  it("answer 404 in the error format", async () => {
    const response = await t.app.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });
});
