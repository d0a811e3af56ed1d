import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistWorksSchema } from "../../../contracts/artists.contract";
import { profileArtworksSchema } from "../../../contracts/profiles.contract";
import { searchResultSchema } from "../../../contracts/search.contract";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, signUp } from "./profiles.test-helpers";

/**
 * A work the team hid stays on its artist's own All Works, marked with the
 * reason; nobody else (a visitor, another user, an admin) ever gets it, by the API, the
 * artist page, search or the profile page's loader.
 */

const REASON = "The photograph shows another artist's work.";

let t: TestApp;
let admin: Member;
let artist: Member;
let other: Member;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  artist = await signUp(
    t,
    { firstName: "Hester", lastName: "Veiled", occupation: "artist", instagramHandle: "hester" },
    { isArtist: true, pendingOccupation: null, payoutStatus: "active" },
  );
  other = await signUp(t);
  for (const [title, overrides] of [
    ["Veiled Shown", {}],
    ["Veiled Hidden", {}],
    ["Veiled Draft", { status: "draft" as const }],
  ] as const) {
    ids[title] = (await createArtwork(t.db, { artistId: artist.id, title, ...overrides })).id;
  }
  const hidden = await t.app.request(`/api/admin/artworks/${ids["Veiled Hidden"]}/hide`, {
    method: "POST",
    headers: headersFor(admin, { "content-type": "application/json" }),
    body: JSON.stringify({ reason: REASON }),
  });
  expect(hidden.status, await hidden.clone().text()).toBe(200);
});
afterAll(() => t.close());

async function profileWorks(viewer: Member | undefined, tab = "all") {
  const response = await t.app.request(`/api/users/${artist.id}/artworks?tab=${tab}`, {
    headers: headersFor(viewer),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, works: expectContract(profileArtworksSchema, await response.json()) };
}

/**
 * What the profile page's loader reads, in-process (app/features/profiles/profiles.server.ts
 * passes the session's user id; its unit test checks that): the server decides.
 */
async function profilePage(viewer: Member | undefined, tab: "all" | "listings" = "all") {
  const session = viewer ? await t.services.auth.getSessionUser(headersFor(viewer)) : null;
  return t.services.profiles.artworks(artist.id, tab, session?.id);
}

const titles = (works: { title: string }[]) => works.map((w) => w.title).sort();

describe("the artist's own All Works", () => {
  it("lists their hidden work with the reason; the others carry no mark; drafts stay out", async () => {
    const { response, works } = await profileWorks(artist);
    expect(titles(works)).toEqual(["Veiled Hidden", "Veiled Shown"]);
    expect(works.find((w) => w.title === "Veiled Hidden")?.hiddenReason).toBe(REASON);
    expect(works.find((w) => w.title === "Veiled Shown")).not.toHaveProperty("hiddenReason");
    // The answer holds what only the artist may see: never for a shared cache.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("does not put the hidden work under Listings: it cannot be bought", async () => {
    const { works } = await profileWorks(artist, "listings");
    expect(titles(works)).toEqual(["Veiled Shown"]);
  });

  it("reaches the profile page's loader for the artist only", async () => {
    const own = await profilePage(artist);
    expect(own.find((w) => w.id === ids["Veiled Hidden"])?.hiddenReason).toBe(REASON);
    expect((await profilePage(artist, "listings")).map((w) => w.id)).toEqual([ids["Veiled Shown"]]);
  });
});

describe("anyone else", () => {
  it("never gets the hidden work from the profile API: a visitor, another user, an admin", async () => {
    for (const viewer of [undefined, other, admin]) {
      for (const tab of ["all", "listings"]) {
        const { works } = await profileWorks(viewer, tab);
        expect(works.map((w) => w.id)).not.toContain(ids["Veiled Hidden"]);
        expect(works.every((w) => !("hiddenReason" in w))).toBe(true);
        expect(works.map((w) => w.id)).toContain(ids["Veiled Shown"]);
      }
    }
  });

  it("never gets it from the profile page's loader", async () => {
    for (const viewer of [undefined, other, admin]) {
      const works = await profilePage(viewer);
      expect(works.map((w) => w.id)).toEqual([ids["Veiled Shown"]]);
      expect(works.every((w) => !("hiddenReason" in w))).toBe(true);
    }
  });

  it("is not shown it on the artist page or in search, not even to the artist", async () => {
    for (const viewer of [undefined, other, admin, artist]) {
      const page = await t.app.request(`/api/artists/${artist.id}/artworks`, {
        headers: headersFor(viewer),
      });
      expect(page.status).toBe(200);
      const works = expectContract(artistWorksSchema, await page.json());
      expect(works.map((w) => w.id)).toEqual([ids["Veiled Shown"]]);
      const found = await t.app.request("/api/artworks/search?q=veiled", {
        headers: headersFor(viewer),
      });
      expect(found.status).toBe(200);
      const result = expectContract(searchResultSchema, await found.json());
      expect(result.hits.map((h) => h.id)).toEqual([ids["Veiled Shown"]]);
    }
  });

  it("gets it back like any work once the team unhides it, with no mark", async () => {
    const unhidden = await t.app.request(`/api/admin/artworks/${ids["Veiled Hidden"]}/unhide`, {
      method: "POST",
      headers: headersFor(admin, { "content-type": "application/json" }),
      body: JSON.stringify({}),
    });
    expect(unhidden.status, await unhidden.clone().text()).toBe(200);
    for (const viewer of [undefined, other, artist]) {
      const { works } = await profileWorks(viewer);
      expect(titles(works)).toEqual(["Veiled Hidden", "Veiled Shown"]);
      expect(works.every((w) => !("hiddenReason" in w))).toBe(true);
    }
  });
});
