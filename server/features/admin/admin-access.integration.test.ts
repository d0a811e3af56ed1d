import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportMessages } from "../../../contracts/admin-reports.contract";
import { twoStepMessages } from "../../../contracts/auth.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { ADMIN_ONLY, ADMIN_SIGN_IN_REQUIRED } from "../../http/access";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtwork } from "../../test/factories";
import { type Member, headersFor, send, signUp } from "../profiles/profiles.test-helpers";

/**
 * Every /api/admin/* route, read from the server's own route table (so a route added
 * later is swept too), refused to everyone but an admin, before the body is read.
 */

let t: TestApp;
const people: Record<string, Member | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  people.collector = await signUp(t);
  people.artist = await signUp(t, {}, { isArtist: true, payoutStatus: "active" });
  people.applicant = await signUp(t, { occupation: "artist", instagramHandle: "applicant" });
  people.admin = await signUp(t, {}, { role: "admin" });
  people.adminWithoutTwoStep = await signUp(t, {}, { role: "admin" }, { twoStep: false });
});

afterAll(async () => {
  await t.close();
});

const SOME_ID = "00000000-0000-4000-8000-000000000000";

function adminRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"))
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe("the console's API", () => {
  it("has its routes in the route table (the sweep below is not empty)", () => {
    const routes = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toContain("GET /api/admin/audit");
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/admin/reports",
        "GET /api/admin/conversations/:id",
        "POST /api/admin/reports/:id/dismiss",
        "POST /api/admin/reports/:id/warn",
        "POST /api/admin/reports/:id/suspend",
        "GET /api/admin/listing-reports",
        "GET /api/admin/listing-reports/:id",
        "POST /api/admin/listing-reports/:id/decide",
        "POST /api/admin/listing-decisions/:id/appeal",
        "PUT /api/admin/settings/returns",
        "GET /api/admin/orders/:id/return",
        "POST /api/admin/orders/:id/return/accept",
        "POST /api/admin/orders/:id/return/refuse",
        "POST /api/admin/orders/:id/return/arrived",
      ]),
    );
  });

  const refusals: [who: string, status: number, message: string][] = [
    ["signed out", 401, ADMIN_SIGN_IN_REQUIRED],
    ["collector", 403, ADMIN_ONLY],
    ["artist", 403, ADMIN_ONLY],
    ["applicant", 403, ADMIN_ONLY],
    // Decision 0057: an admin needs two-step verification before the console.
    ["adminWithoutTwoStep", 403, twoStepMessages.adminRequired],
  ];

  it.each(refusals)("refuses every route to %s with %i", async (who, status, message) => {
    const routes = adminRoutes();
    for (const route of routes) {
      const url = route.path.replace(/:[A-Za-z]+/g, SOME_ID);
      const init: RequestInit = { method: route.method, headers: headersFor(people[who]) };
      if (route.method !== "GET" && route.method !== "HEAD") {
        // A body that is not even JSON, with a NUL: the access answer must come first.
        (init.headers as Headers).set("content-type", "application/json");
        init.body = '{"reason": "\u0000" ';
      }
      const response = await t.app.request(url, init);
      expect(response.status, `${route.method} ${route.path} as ${who}`).toBe(status);
      const body = expectContract(apiErrorSchema, await response.json());
      expect(body.error.message).toBe(message);
      if (who === "adminWithoutTwoStep") expect(body.error.code).toBe("TWO_STEP_REQUIRED");
      expect(response.headers.get("cache-control")).toContain("no-store");
    }
  });

  it("answers an admin 404 for a conversation nobody reported", async () => {
    const work = await createArtwork(t.db, { artistId: people.artist!.id });
    const started = await send(t, people.collector, "POST", "/api/me/conversations", {
      artworkId: work.id,
      body: "Is it signed?",
      imageIds: [],
    });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    const response = await t.app.request(`/api/admin/conversations/${conversationId}`, {
      headers: headersFor(people.admin),
    });
    expect(response.status).toBe(404);
    expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(
      reportMessages.conversationNotFound,
    );
  });

  it("lets an admin through to the route itself", async () => {
    const response = await t.app.request("/api/admin/audit", {
      headers: headersFor(people.admin),
    });
    expect(response.status).toBe(200);
  });
});
