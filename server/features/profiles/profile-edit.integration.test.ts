import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileMessages as m } from "../../../domain/profile";
import { ownProfileSchema } from "../../../contracts/profiles.contract";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type ErrorBody, type Member, patchMe, readUser, signUp } from "./profiles.test-helpers";

let t: TestApp;
let collector: Member;
let artist: Member;

beforeAll(async () => {
  t = await createTestApp();
  collector = await signUp(t, { firstName: "Cora", lastName: "Lee" });
  artist = await signUp(
    t,
    { firstName: "Ruth", lastName: "Adeyemi", occupation: "artist", instagramHandle: "@ruth" },
    { isArtist: true, pendingOccupation: null, payoutStatus: "active" },
  );
});
afterAll(() => t.close());

async function refused(member: Member | undefined, body: unknown, status = 400) {
  const response = await patchMe(t, member, body);
  expect(response.status).toBe(status);
  return ((await response.json()) as ErrorBody).error;
}

describe("PATCH /api/me", () => {
  it("edits the own profile; the display name follows the names", async () => {
    const before = await readUser(t, collector.id);
    const response = await patchMe(t, collector, {
      firstName: " Grace ",
      lastName: "Hopper",
      bio: "Collects maps.",
      birthYear: 1950,
      location: "Arlington, VA",
      instagramHandle: "@grace.h",
      websiteURL: "grace.example.com",
    });
    expect(response.status).toBe(200);
    expect(expectContract(ownProfileSchema, await response.json())).toMatchObject({
      id: collector.id,
      firstName: "Grace",
      lastName: "Hopper",
      displayName: "Grace Hopper",
      initials: "GH",
      bio: "Collects maps.",
      birthYear: 1950,
      location: "Arlington, VA",
      instagramHandle: "grace.h",
      websiteURL: "https://grace.example.com/",
      isArtist: false,
    });
    const after = await readUser(t, collector.id);
    expect(after.displayName).toBe("Grace Hopper");
    expect(after.lastModified.getTime()).toBeGreaterThan(before.lastModified.getTime());

    const publicView = await t.client().get(`/api/users/${collector.id}`);
    expect(await publicView.json()).toMatchObject({ displayName: "Grace Hopper" });
  });

  it("changes one name and keeps the other", async () => {
    const response = await patchMe(t, collector, { lastName: "Murray" });
    expect(await response.json()).toMatchObject({ displayName: "Grace Murray" });
  });

  it("clears optional fields with an empty string", async () => {
    const response = await patchMe(t, collector, {
      bio: "",
      birthYear: "",
      location: "",
      instagramHandle: "",
      websiteURL: "",
    });
    expect(response.status).toBe(200);
    const row = await readUser(t, collector.id);
    expect(row).toMatchObject({
      bio: "",
      birthYear: null,
      location: null,
      instagramHandle: null,
      websiteURL: null,
    });
  });

  it("ignores fields the person does not own", async () => {
    const before = await readUser(t, collector.id);
    const response = await patchMe(t, collector, {
      bio: "Still a collector.",
      isArtist: true,
      pendingOccupation: "artist",
      role: "admin",
      email: "takeover@example.com",
      payoutStatus: "active",
      payoutAccountId: "acct_evil",
      stripeId: "cus_evil",
      displayName: "Someone Else",
    });
    expect(response.status).toBe(200);
    const after = await readUser(t, collector.id);
    expect(after.bio).toBe("Still a collector.");
    expect(after).toMatchObject({
      isArtist: before.isArtist,
      pendingOccupation: before.pendingOccupation,
      role: before.role,
      email: before.email,
      payoutStatus: before.payoutStatus,
      payoutAccountId: before.payoutAccountId,
      stripeId: before.stripeId,
      displayName: before.displayName,
    });
  });

  it.each([
    [{ birthYear: 1850 }, m.invalidBirthYear],
    [{ birthYear: new Date().getUTCFullYear() + 1 }, m.invalidBirthYear],
    [{ bio: "a".repeat(2001) }, m.bioTooLong],
    [{ location: "a".repeat(101) }, m.locationTooLong],
    [{ websiteURL: "javascript:alert(1)" }, m.invalidWebsite],
    [{ instagramHandle: "bad handle!" }, m.invalidHandle],
    [{ firstName: "" }, m.firstNameRequired],
  ])("refuses %j with its message and changes nothing", async (invalid, message) => {
    const before = await readUser(t, collector.id);
    const error = await refused(collector, { bio: "Changed?", lastName: "Changed", ...invalid });
    expect(error).toEqual({ code: "VALIDATION_FAILED", message });
    expect(await readUser(t, collector.id)).toEqual(before);
  });

  it("refuses a body that is not a JSON object", async () => {
    expect((await refused(collector, ["bio"])).code).toBe("BAD_REQUEST");
  });

  it("keeps an artist's handle or website", async () => {
    const before = await readUser(t, artist.id);
    const error = await refused(artist, { instagramHandle: "", websiteURL: "", bio: "x" });
    expect(error).toEqual({ code: "VALIDATION_FAILED", message: m.artistNeedsLink });
    expect(error.message).toBe("Artists must provide either an Instagram handle or website URL.");
    expect(await readUser(t, artist.id)).toEqual(before);

    expect((await refused(artist, { instagramHandle: "" })).message).toBe(m.artistNeedsLink);

    const swap = await patchMe(t, artist, { instagramHandle: "", websiteURL: "ruth.example.com" });
    expect(swap.status).toBe(200);
    expect(await readUser(t, artist.id)).toMatchObject({
      instagramHandle: null,
      websiteURL: "https://ruth.example.com/",
    });
  });

  it("answers 401 when signed out", async () => {
    const error = await refused(undefined, { bio: "Hello" }, 401);
    expect(error).toEqual({ code: "UNAUTHENTICATED", message: m.signInRequired });
  });
});
