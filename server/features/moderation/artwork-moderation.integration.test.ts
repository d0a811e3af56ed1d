import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_RANDOM_ORDER,
  adminArtworksPageSchema,
  artworkActionSchema,
  artworkModerationMessages as am,
} from "../../../contracts/admin-artworks.contract";
import { adminMessages } from "../../../contracts/admin.contract";
import { artworkDetailSchema } from "../../../contracts/artworks.contract";
import { discoveryMessages } from "../../../domain/discovery-messages";
import { inputMessages } from "../../../domain/text-input";
import { artworks } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork, createCategory, createExhibition } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { listMail } from "../mail/mail.api";
import {
  type ErrorBody,
  type Member,
  headersFor,
  send,
  signUp,
} from "../profiles/profiles.test-helpers";
import { adminList, auditRows, errorOf, searchArtworks } from "./moderation.test-helpers";

let t: TestApp;
let admin: Member;
let artist: Member;
let other: Member;
let category: { id: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  artist = await signUp(
    t,
    { firstName: "Imogen", lastName: "Painter", occupation: "artist", instagramHandle: "imogen" },
    { isArtist: true, pendingOccupation: null, payoutStatus: "active" },
  );
  other = await signUp(t);
  category = await createCategory(t.db, "moderation_paintings");
  for (const [title, overrides] of [
    ["Cobalt Harbour", { randomOrder: 10 }],
    ["Cobalt Meadow", { randomOrder: 20 }],
    ["Cobalt Draft", { status: "draft" as const, randomOrder: 1 }],
    ["Cobalt Keepsake", { isForSale: false, randomOrder: 30 }],
  ] as const) {
    const work = await createArtwork(t.db, {
      artistId: artist.id,
      title,
      categoryIds: [category.id],
      ...overrides,
    });
    ids[title] = work.id;
  }
});
afterAll(() => t.close());

function list(query = "") {
  return adminList(t, admin, `/api/admin/artworks${query}`, adminArtworksPageSchema);
}

const titles = (r: { hits: { title: string }[] }) => r.hits.map((h) => h.title);

describe("GET /api/admin/artworks", () => {
  it("lists every work, drafts included, with the filters", async () => {
    const all = await list("?q=cobalt");
    expect(all.artworks.map((a) => a.title).sort()).toEqual([
      "Cobalt Draft",
      "Cobalt Harbour",
      "Cobalt Keepsake",
      "Cobalt Meadow",
    ]);
    const harbour = all.artworks.find((a) => a.title === "Cobalt Harbour");
    expect(harbour).toMatchObject({
      artistId: artist.id,
      artistName: "Imogen Painter",
      listed: true,
      hiddenAt: null,
      isCurated: false,
      randomOrder: 10,
    });
    expect(all.artworks.find((a) => a.title === "Cobalt Draft")?.listed).toBe(false);
    expect((await list("?status=draft")).artworks.map((a) => a.title)).toEqual(["Cobalt Draft"]);
    expect((await list("?forSale=false&q=cobalt")).artworks.map((a) => a.title)).toEqual([
      "Cobalt Keepsake",
    ]);
    expect((await list(`?artistId=${artist.id}`)).artworks).toHaveLength(4);
    expect((await list("?q=imogen")).artworks).toHaveLength(4);
    expect((await list("?hidden=true")).artworks).toEqual([]);
    expect((await list("?curated=true")).artworks).toEqual([]);
  });

  it("pages 25 works at a time, newest first, with the filters kept across pages", async () => {
    const prolific = await signUp(
      t,
      { firstName: "Pia", lastName: "Prolific", occupation: "artist", instagramHandle: "pia" },
      { isArtist: true, pendingOccupation: null, payoutStatus: "active" },
    );
    for (let n = 1; n <= 27; n++) {
      await createArtwork(t.db, {
        artistId: prolific.id,
        title: `Series ${String(n).padStart(2, "0")}`,
        categoryIds: [category.id],
        ...(n % 2 === 0 ? { status: "draft" as const } : {}),
      });
    }
    const first = await list(`?artistId=${prolific.id}`);
    expect(first.artworks).toHaveLength(25);
    expect(first.next).not.toBeNull();
    const second = await list(
      `?artistId=${prolific.id}&cursor=${encodeURIComponent(first.next ?? "")}`,
    );
    expect(second.next).toBeNull();
    const seen = [...first.artworks, ...second.artworks].map((a) => a.title);
    expect(new Set(seen).size).toBe(27);
    // A filter narrows every page: 13 drafts fit on one.
    const drafts = await list(`?artistId=${prolific.id}&status=draft&q=series`);
    expect(drafts.artworks).toHaveLength(13);
    expect(drafts.next).toBeNull();
  });

  it("refuses bad filters with 400", async () => {
    for (const query of [
      "?artistId=nope",
      "?status=sold",
      "?forSale=yes",
      "?hidden=1",
      "?curated=maybe",
      `?q=${"x".repeat(201)}`,
      "?cursor=%5B%5D",
    ]) {
      expect(await errorOf(await send(t, admin, "GET", `/api/admin/artworks${query}`), 400)).toBe(
        adminMessages.invalidFilter,
      );
    }
  });
});

describe("hiding a work", () => {
  it("takes it out of search, counts, artist page, exhibitions and the sitemap; its artist sees it with the reason and is e-mailed", async () => {
    const id = ids["Cobalt Harbour"]!;
    const exhibition = await createExhibition(t.db, { artworkIds: [id, ids["Cobalt Meadow"]!] });
    const before = await searchArtworks(t);
    expect(titles(await searchArtworks(t, "cobalt"))).toContain("Cobalt Harbour");

    const response = await send(t, admin, "POST", `/api/admin/artworks/${id}/hide`, {
      reason: "The image shows someone else's work.",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = expectContract(artworkActionSchema, await response.json());
    expect(answer.artwork).toMatchObject({
      hiddenReason: "The image shows someone else's work.",
      listed: false,
    });

    // Out of search and its counts.
    expect(titles(await searchArtworks(t, "cobalt"))).not.toContain("Cobalt Harbour");
    const during = await searchArtworks(t);
    expect(during.nbHits).toBe(before.nbHits - 1);
    expect(during.facets.categories[category.id]).toBe(
      (before.facets.categories[category.id] ?? 0) - 1,
    );

    // The artist page, the profile and the exhibition no longer show it.
    const works = (await (await t.app.request(`/api/artists/${artist.id}/artworks`)).json()) as {
      id: string;
    }[];
    expect(works.map((w) => w.id)).not.toContain(id);
    const profileWorks = (await (
      await t.app.request(`/api/users/${artist.id}/artworks`)
    ).json()) as {
      id: string;
    }[];
    expect(profileWorks.map((w) => w.id)).not.toContain(id);
    const show = (await (await t.app.request(`/api/exhibitions/${exhibition.id}`)).json()) as {
      artworks: { id: string }[];
    };
    expect(show.artworks.map((w) => w.id)).toEqual([ids["Cobalt Meadow"]]);
    const sitemap = await (await t.app.request("/sitemap.xml")).text();
    expect(sitemap).not.toContain(id);

    // 404 to everyone but its artist, who sees the reason.
    for (const viewer of [undefined, other, admin]) {
      expect(
        await errorOf(
          await t.app.request(`/api/artworks/${id}`, { headers: headersFor(viewer) }),
          404,
        ),
      ).toBe(discoveryMessages.artworkNotFound);
    }
    const own = await t.app.request(`/api/artworks/${id}`, { headers: headersFor(artist) });
    expect(own.status).toBe(200);
    expect(expectContract(artworkDetailSchema, await own.json()).hiddenReason).toBe(
      "The image shows someone else's work.",
    );

    // One e-mail to the artist, with the reason; one audit row.
    const mail = (await listMail(t.db, artist.email)).filter((m) => m.kind === "artwork_hidden");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain("The image shows someone else's work.");
    expect(mail[0]!.subject).toContain("Cobalt Harbour");
    expect(await auditRows(t, id, "artwork.hide")).toHaveLength(1);

    // Unhide: back everywhere.
    const back = await send(t, admin, "POST", `/api/admin/artworks/${id}/unhide`);
    expect(back.status).toBe(200);
    expect(expectContract(artworkActionSchema, await back.json()).artwork.hiddenReason).toBeNull();
    expect(titles(await searchArtworks(t, "cobalt"))).toContain("Cobalt Harbour");
    expect((await searchArtworks(t)).nbHits).toBe(before.nbHits);
    expect((await t.app.request(`/api/artworks/${id}`)).status).toBe(200);
    expect(await auditRows(t, id, "artwork.unhide")).toHaveLength(1);
  });

  it("answers a double hide with one outcome, one e-mail, one audit row and 409", async () => {
    const id = ids["Cobalt Meadow"]!;
    const [a, b] = await Promise.all([
      send(t, admin, "POST", `/api/admin/artworks/${id}/hide`, { reason: "First." }),
      send(t, admin, "POST", `/api/admin/artworks/${id}/hide`, { reason: "Second." }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(((await loser.json()) as ErrorBody).error.message).toBe(am.alreadyHidden);
    const mail = (await listMail(t.db, artist.email)).filter(
      (m) => m.kind === "artwork_hidden" && m.subject.includes("Cobalt Meadow"),
    );
    expect(mail).toHaveLength(1);
    expect(await auditRows(t, id, "artwork.hide")).toHaveLength(1);
    expect((await send(t, admin, "POST", `/api/admin/artworks/${id}/unhide`)).status).toBe(200);
    expect(
      await errorOf(await send(t, admin, "POST", `/api/admin/artworks/${id}/unhide`), 409),
    ).toBe(am.notHidden);
  });

  it("refuses bad input and changes nothing", async () => {
    const id = ids["Cobalt Keepsake"]!;
    const url = `/api/admin/artworks/${id}/hide`;
    expect(await errorOf(await send(t, admin, "POST", url, { reason: "a\u0000b" }), 400)).toBe(
      inputMessages.nulCharacter,
    );
    expect(
      await errorOf(await send(t, admin, "POST", url, { reason: "x".repeat(2001) }), 400),
    ).toBe(adminMessages.reasonTooLong);
    expect(await errorOf(await send(t, admin, "POST", url, { reason: "" }), 400)).toBe(
      adminMessages.reasonRequired,
    );
    expect(await errorOf(await send(t, admin, "POST", url, "not json"), 400)).toBeTruthy();
    for (const bad of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(
        await errorOf(
          await send(t, admin, "POST", `/api/admin/artworks/${bad}/hide`, { reason: "x" }),
          404,
        ),
      ).toBe(am.notFound);
    }
    const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
    expect(row?.hiddenAt).toBeNull();
    expect(await auditRows(t, id, "artwork.hide")).toEqual([]);
  });
});

describe("featured works and their order", () => {
  it("puts a featured work first among those as buyable as it, and orders by randomOrder", async () => {
    const home = async () => titles(await searchArtworks(t)).filter((x) => x.startsWith("Cobalt"));
    expect(await home()).toEqual(["Cobalt Harbour", "Cobalt Meadow", "Cobalt Keepsake"]);

    const keepsake = ids["Cobalt Keepsake"]!;
    const response = await send(t, admin, "PATCH", `/api/admin/artworks/${keepsake}/curation`, {
      isCurated: true,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(expectContract(artworkActionSchema, await response.json()).artwork.isCurated).toBe(true);
    // Not for sale: featured, it still comes after every work that can be bought.
    expect(await home()).toEqual(["Cobalt Harbour", "Cobalt Meadow", "Cobalt Keepsake"]);

    const meadow = ids["Cobalt Meadow"]!;
    expect(
      (
        await send(t, admin, "PATCH", `/api/admin/artworks/${meadow}/curation`, {
          randomOrder: 0,
        })
      ).status,
    ).toBe(200);
    expect(await home()).toEqual(["Cobalt Meadow", "Cobalt Harbour", "Cobalt Keepsake"]);
    // Behind Harbour again, then featured: first among the works that can be bought.
    const curate = async (body: object) =>
      (await send(t, admin, "PATCH", `/api/admin/artworks/${meadow}/curation`, body)).status;
    expect(await curate({ randomOrder: 30 })).toBe(200);
    expect(await home()).toEqual(["Cobalt Harbour", "Cobalt Meadow", "Cobalt Keepsake"]);
    expect(await curate({ isCurated: true })).toBe(200);
    expect(await home()).toEqual(["Cobalt Meadow", "Cobalt Harbour", "Cobalt Keepsake"]);
    expect((await list("?curated=true")).artworks.map((a) => a.id).sort()).toEqual(
      [keepsake, meadow].sort(),
    );

    const rows = await auditRows(t, keepsake, "artwork.curation");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      before: { isCurated: false, randomOrder: 30 },
      after: { isCurated: true, randomOrder: 30 },
    });
  });

  it("refuses a bad order or flag and changes nothing", async () => {
    const id = ids["Cobalt Harbour"]!;
    const url = `/api/admin/artworks/${id}/curation`;
    for (const body of [
      { randomOrder: -1 },
      { randomOrder: MAX_RANDOM_ORDER + 1 },
      { randomOrder: 1.5 },
      { randomOrder: "5" },
    ]) {
      expect(await errorOf(await send(t, admin, "PATCH", url, body), 400)).toBe(am.invalidOrder);
    }
    expect(await errorOf(await send(t, admin, "PATCH", url, { isCurated: "yes" }), 400)).toBe(
      am.invalidCurated,
    );
    expect(await errorOf(await send(t, admin, "PATCH", url, {}), 400)).toBe(am.nothingToChange);
    const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
    expect(row).toMatchObject({ isCurated: false, randomOrder: 10 });
    expect(await auditRows(t, id, "artwork.curation")).toEqual([]);
  });
});
