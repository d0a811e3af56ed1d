import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCatalogSchema,
  curationMessages as m,
} from "../../../contracts/admin-curation.contract";
import { catalogListSchema } from "../../../contracts/catalog.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { searchResultSchema } from "../../../contracts/search.contract";
import { inputMessages } from "../../../domain/text-input";
import { artCategories, cities, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork, createCategory, createCity } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { UNKNOWN_ID, allAuditRows, auditCount } from "./curation.test-helpers";

let t: TestApp;
let admin: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  otherAdmin = await signUp(t, {}, { role: "admin" });
});

afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error.message;
}

async function catalog() {
  const response = await send(t, admin, "GET", "/api/admin/catalog");
  expect(response.status).toBe(200);
  return expectContract(adminCatalogSchema, await response.json());
}

describe("categories", () => {
  it("stores a typed name with underscores and shows it capitalised", async () => {
    const response = await send(t, admin, "POST", "/api/admin/categories", {
      name: "  Mixed   Media ",
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; name: string };
    expect(created.name).toBe("mixed_media");
    expect((await catalog()).categories.find((c) => c.id === created.id)).toMatchObject({
      name: "mixed_media",
      label: "Mixed Media",
      artworkCount: 0,
    });
    expect(await auditCount(t, "category.create", created.id)).toBe(1);

    const twice = await send(t, admin, "POST", "/api/admin/categories", { name: "mixed media" });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe(m.categoryDuplicate);
  });

  it("refuses bad names without writing anything", async () => {
    const audits = await allAuditRows(t);
    const cases: [unknown, string][] = [
      [{ name: "" }, m.categoryNameRequired],
      [{ name: " _ " }, m.categoryNameRequired],
      [{ name: "x".repeat(61) }, m.categoryNameTooLong],
      [{ name: "Oil <b>" }, m.categoryNameInvalid],
      [{ name: "a\u0000" }, inputMessages.nulCharacter],
      [{ name: 7 }, m.categoryNameRequired],
      [{}, m.categoryNameRequired],
    ];
    for (const [body, message] of cases) {
      const response = await send(t, admin, "POST", "/api/admin/categories", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await allAuditRows(t)).toBe(audits);
  });

  it("a used category cannot be deleted, an unused one can; renames reach the filters", async () => {
    const used = await createCategory(t.db, "watercolour");
    const unused = await createCategory(t.db, "etching");
    const artist = await createArtist(t.db);
    const work = await createArtwork(t.db, { artistId: artist.id, categoryIds: [used.id] });

    const refused = await send(t, admin, "DELETE", `/api/admin/categories/${used.id}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(m.categoryInUse);
    expect(
      await t.db.select().from(artCategories).where(eq(artCategories.id, used.id)),
    ).toHaveLength(1);
    expect((await catalog()).categories.find((c) => c.id === used.id)?.artworkCount).toBe(1);

    const search = async () =>
      expectContract(
        searchResultSchema,
        await (await t.app.request(`/api/artworks/search?categories=${used.id}`)).json(),
      );
    expect((await search()).facets.categories[used.id]).toBe(1);

    const renamed = await send(t, admin, "PATCH", `/api/admin/categories/${used.id}`, {
      name: "Water Colour",
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "water_colour" });
    const filters = expectContract(
      catalogListSchema,
      await (await t.app.request("/api/categories")).json(),
    );
    expect(filters.find((c) => c.id === used.id)?.name).toBe("water_colour");
    expect(filters.map((c) => c.name)).not.toContain("watercolour");
    // The facet counts are kept by id, so the rename leaves them right.
    const after = await search();
    expect(after.facets.categories[used.id]).toBe(1);
    expect(after.hits.map((h) => h.id)).toContain(work.id);
    const detail: unknown = await (await t.app.request(`/api/artworks/${work.id}`)).json();
    expect(JSON.stringify(detail)).toContain("water_colour");
    expect(await auditCount(t, "category.rename", used.id)).toBe(1);

    const dup = await send(t, admin, "PATCH", `/api/admin/categories/${used.id}`, {
      name: "Etching",
    });
    expect(dup.status).toBe(409);

    const ok = await send(t, admin, "DELETE", `/api/admin/categories/${unused.id}`);
    expect(ok.status).toBe(204);
    expect(await auditCount(t, "category.delete", unused.id)).toBe(1);
    const again = await send(t, admin, "DELETE", `/api/admin/categories/${unused.id}`);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(m.categoryNotFound);
  });
});

describe("cities", () => {
  it("adds, renames and deletes an unused city; refuses duplicates and a used one", async () => {
    const response = await send(t, admin, "POST", "/api/admin/cities", { name: " Santa  Fe " });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; name: string };
    expect(created.name).toBe("Santa Fe");
    expect(await auditCount(t, "city.create", created.id)).toBe(1);

    const dup = await send(t, admin, "POST", "/api/admin/cities", { name: "santa fe" });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toBe(m.cityDuplicate);

    const renamed = await send(t, admin, "PATCH", `/api/admin/cities/${created.id}`, {
      name: "Santa Fe, NM",
    });
    expect(renamed.status).toBe(200);
    const cityFilters = expectContract(
      catalogListSchema,
      await (await t.app.request("/api/cities")).json(),
    );
    expect(cityFilters.find((c) => c.id === created.id)?.name).toBe("Santa Fe, NM");
    expect(await auditCount(t, "city.rename", created.id)).toBe(1);

    const used = await createCity(t.db, "Taos");
    await t.db.update(users).set({ cityId: used.id }).where(eq(users.id, otherAdmin.id));
    expect((await catalog()).cities.find((c) => c.id === used.id)?.userCount).toBe(1);
    const refused = await send(t, admin, "DELETE", `/api/admin/cities/${used.id}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(m.cityInUse);

    const gone = await send(t, admin, "DELETE", `/api/admin/cities/${created.id}`);
    expect(gone.status).toBe(204);
    expect(await auditCount(t, "city.delete", created.id)).toBe(1);
    expect(await t.db.select().from(cities).where(eq(cities.id, created.id))).toHaveLength(0);
  });

  it("refuses bad names, oversized names and unknown ids", async () => {
    const audits = await allAuditRows(t);
    for (const [body, message] of [
      [{ name: "" }, m.cityNameRequired],
      [{ name: "x".repeat(101) }, m.cityNameTooLong],
      [{ name: "\u0000" }, inputMessages.nulCharacter],
    ] as const) {
      const response = await send(t, admin, "POST", "/api/admin/cities", body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    for (const id of [UNKNOWN_ID, "nope"]) {
      const rename = await send(t, admin, "PATCH", `/api/admin/cities/${id}`, { name: "X" });
      expect(rename.status).toBe(404);
      expect(await errorOf(rename)).toBe(m.cityNotFound);
      expect((await send(t, admin, "DELETE", `/api/admin/cities/${id}`)).status).toBe(404);
    }
    expect(await allAuditRows(t)).toBe(audits);
  });

  it("two admins adding the same city at once: one city, one 409, one audit row", async () => {
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        send(t, who, "POST", "/api/admin/cities", { name: "Marfa" }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(cities).where(eq(cities.name, "Marfa"))).toHaveLength(1);
    expect(await auditCount(t, "city.create")).toBeGreaterThan(0);
  });

  it("a use added between the check and the delete still answers 409 (the foreign key)", async () => {
    const city = await createCity(t.db, "Race City");
    // The delete and a person choosing the city at the same moment: never a 500.
    const [deleted] = await Promise.all([
      send(t, admin, "DELETE", `/api/admin/cities/${city.id}`),
      t.db
        .update(users)
        .set({ cityId: city.id })
        .where(eq(users.id, admin.id))
        .catch(() => undefined),
    ]);
    expect([204, 409]).toContain(deleted.status);
    const left = await t.db.select().from(cities).where(eq(cities.id, city.id));
    const [holder] = await t.db.select().from(users).where(eq(users.id, admin.id));
    // Either the city is gone and nobody holds it, or it stays and is held.
    if (deleted.status === 204) expect(holder?.cityId).toBeNull();
    else expect(left).toHaveLength(1);
  });
});
