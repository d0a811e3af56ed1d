import { afterAll, beforeAll, expect, it } from "vitest";
import { buildServer } from "../app";
import { type TestApp, createTestApp } from "../test/test-app";

// The web app is stood in for by a handler that answers every page; what matters is
// the header the server puts on the answer.
let t: TestApp;
let app: ReturnType<typeof buildServer>;
beforeAll(async () => {
  t = await createTestApp();
  app = buildServer({
    services: t.services,
    web: {
      handler: () =>
        Promise.resolve(
          new Response("<html></html>", { headers: { "Cache-Control": "public, max-age=60" } }),
        ),
    },
  });
});
afterAll(async () => {
  await t.close();
});

it.each([
  "/profile",
  "/profile/purchases",
  "/profile/0b7e2e53-3c5d-4d47-9d43-111111111111",
  "/purchase-success",
  "/upload",
  "/signin",
  "/reset-password?token=x",
  "/confirm-email?token=x",
  "/signin/two-step",
  "/offers/0b7e2e53-3c5d-4d47-9d43-111111111111/claim?until=1&key=k",
  "/profile.data",
  "/profile/purchases.data",
  "/purchase-success.data",
  "/signin.data",
  "/_root.data",
])("%s is private and never stored", async (path) => {
  const response = await app.request(path);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});

it.each([
  "/artwork/0b7e2e53-3c5d-4d47-9d43-111111111111",
  "/artwork/0b7e2e53-3c5d-4d47-9d43-111111111111.data",
  "/profiles-of-artists",
])("%s stays cacheable", async (path) => {
  const response = await app.request(path);
  expect(response.headers.get("cache-control")).toBe("public, max-age=60");
});

it("marks /api/me answers private too", async () => {
  const response = await app.request("/api/me/purchases");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});
