import { categoryLabel } from "../../../domain/display";
import {
  type AdminBanner,
  type AdminCatalog,
  type AdminExhibition,
  type AdminExhibitionDetail,
  type BannerCreate,
  type ExhibitionArtworks,
  type ExhibitionCreate,
  type ExhibitionPatch,
  type PickerArtwork,
  type PickerQuery,
  curationMessages as m,
  endsBeforeStart,
} from "../../../contracts/admin-curation.contract";
import type { Database, Queryable } from "../../db/client";
import { AppError } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { lockClaimableUpload } from "../uploads/uploads.api";
import {
  type BannerRow,
  type CatalogTable,
  FOREIGN_KEY_VIOLATION,
  UNIQUE_VIOLATION,
  catalogEntryUsage,
  deactivateOtherBanners,
  deleteCatalogEntry,
  deleteInactiveBanner,
  findBanner,
  findCatalogEntry,
  findCatalogNameTaken,
  findExhibition,
  insertBanner,
  insertCatalogEntry,
  insertExhibition,
  listAllExhibitions,
  listBanners,
  listCategoriesWithUsage,
  listCitiesWithUsage,
  listExhibitionWorkIds,
  listExhibitionWorks,
  lockArtworkStates,
  pgErrorCode,
  renameCatalogEntry,
  replaceExhibitionWorks,
  searchPickerArtworks,
  setBannerActive,
  setExhibitionActive,
  updateExhibition,
} from "./curation.repository";

/**
 * The console's curation (decision 0027): exhibitions, banners, cities and
 * categories. Every action is one transaction with its one audit row.
 */
export type CurationDeps = { db: Database };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path: anything that is not a uuid is simply not found. */
function pathId(id: string, notFound: string): string {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", 404, notFound);
  return id;
}

const notFound = (message: string) => new AppError("NOT_FOUND", 404, message);
const conflict = (message: string) => new AppError("CONFLICT", 409, message);

/** The banner address an upload gives: its original (JPEG, up to 4,000 px wide). */
async function claimUpload(tx: Queryable, actor: AuditActor, uploadId: string): Promise<string> {
  const upload = await lockClaimableUpload(tx, uploadId, actor.id);
  if (!upload) throw new AppError("VALIDATION_FAILED", 400, m.uploadUnavailable);
  return upload.original;
}

// ---- Exhibitions ----

type ExhibitionRead = Omit<AdminExhibition, "createdAt"> & { createdAt: Date };
const exhibitionOut = (e: ExhibitionRead): AdminExhibition => ({
  ...e,
  createdAt: e.createdAt.toISOString(),
});
const exhibitionAudit = (
  e: Pick<
    ExhibitionRead,
    "name" | "description" | "address" | "bannerUrl" | "isActive" | "startsOn" | "endsOn"
  > & { openingHours: string },
) => ({
  name: e.name,
  description: e.description,
  address: e.address,
  bannerUrl: e.bannerUrl,
  startsOn: e.startsOn,
  endsOn: e.endsOn,
  openingHours: e.openingHours,
  isActive: e.isActive,
});

export async function listExhibitionsForAdmin(deps: CurationDeps): Promise<AdminExhibition[]> {
  return (await listAllExhibitions(deps.db)).map(exhibitionOut);
}

export async function getExhibitionForAdmin(
  deps: CurationDeps,
  id: string,
): Promise<AdminExhibitionDetail> {
  const exhibitionId = pathId(id, m.exhibitionNotFound);
  const exhibition = await findExhibition(deps.db, exhibitionId);
  if (!exhibition) throw notFound(m.exhibitionNotFound);
  return {
    ...exhibitionOut(exhibition),
    artworks: await listExhibitionWorks(deps.db, exhibitionId),
  };
}

export async function createExhibition(
  deps: CurationDeps,
  actor: AuditActor,
  body: ExhibitionCreate,
): Promise<AdminExhibitionDetail> {
  const id = await deps.db.transaction(async (tx) => {
    const bannerUrl = body.bannerUploadId
      ? await claimUpload(tx, actor, body.bannerUploadId)
      : null;
    const row = await insertExhibition(tx, {
      name: body.name,
      description: body.description,
      address: body.address,
      bannerUrl,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      openingHours: body.openingHours,
    });
    await recordAudit(tx, actor, {
      action: "exhibition.create",
      targetType: "exhibition",
      targetId: row.id,
      after: exhibitionAudit(row),
    });
    return row.id;
  });
  return getExhibitionForAdmin(deps, id);
}

export async function editExhibition(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
  patch: ExhibitionPatch,
): Promise<AdminExhibitionDetail> {
  const exhibitionId = pathId(id, m.exhibitionNotFound);
  await deps.db.transaction(async (tx) => {
    const before = await findExhibition(tx, exhibitionId, true);
    if (!before) throw notFound(m.exhibitionNotFound);
    // A single day sent is checked against the other day as stored.
    const startsOn = patch.startsOn === undefined ? before.startsOn : patch.startsOn;
    const endsOn = patch.endsOn === undefined ? before.endsOn : patch.endsOn;
    if (endsBeforeStart(startsOn, endsOn)) {
      throw new AppError("VALIDATION_FAILED", 400, m.endBeforeStart);
    }
    let bannerUrl: string | null | undefined;
    if (patch.bannerUploadId === null) bannerUrl = null;
    else if (patch.bannerUploadId) bannerUrl = await claimUpload(tx, actor, patch.bannerUploadId);
    const after = await updateExhibition(tx, exhibitionId, {
      name: patch.name,
      description: patch.description,
      address: patch.address,
      bannerUrl,
      startsOn: patch.startsOn,
      endsOn: patch.endsOn,
      openingHours: patch.openingHours,
    });
    if (!after) throw notFound(m.exhibitionNotFound);
    await recordAudit(tx, actor, {
      action: "exhibition.update",
      targetType: "exhibition",
      targetId: exhibitionId,
      before: exhibitionAudit(before),
      after: exhibitionAudit(after),
    });
  });
  return getExhibitionForAdmin(deps, exhibitionId);
}

export async function setExhibitionActivity(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
  active: boolean,
): Promise<AdminExhibitionDetail> {
  const exhibitionId = pathId(id, m.exhibitionNotFound);
  await deps.db.transaction(async (tx) => {
    const row = await setExhibitionActive(tx, exhibitionId, active);
    if (!row) {
      if (!(await findExhibition(tx, exhibitionId))) throw notFound(m.exhibitionNotFound);
      throw conflict(active ? m.alreadyActive : m.alreadyInactive);
    }
    await recordAudit(tx, actor, {
      action: active ? "exhibition.activate" : "exhibition.deactivate",
      targetType: "exhibition",
      targetId: exhibitionId,
      before: { isActive: !active },
      after: { isActive: active },
    });
  });
  return getExhibitionForAdmin(deps, exhibitionId);
}

/** Replaces the exhibition's works with this ordered list, all or nothing. */
export async function setExhibitionArtworks(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
  body: ExhibitionArtworks,
): Promise<AdminExhibitionDetail> {
  const exhibitionId = pathId(id, m.exhibitionNotFound);
  const ids = body.artworkIds.map((s) => s.toLowerCase());
  await deps.db.transaction(async (tx) => {
    // The exhibition's row lock puts two admins' saves one after the other.
    if (!(await findExhibition(tx, exhibitionId, true))) throw notFound(m.exhibitionNotFound);
    const states = new Map((await lockArtworkStates(tx, ids)).map((a) => [a.id, a]));
    const unknown = ids.filter((a) => !states.has(a));
    const drafts = ids.filter((a) => states.get(a)?.status === "draft");
    const hidden = ids.filter((a) => states.get(a)?.hiddenAt);
    const refuse = (message: string, list: string[]) =>
      new AppError("VALIDATION_FAILED", 400, `${message}: ${list.join(", ")}.`);
    if (unknown.length) throw refuse(m.artworkUnknown, unknown);
    if (drafts.length) throw refuse(m.artworkDraft, drafts);
    if (hidden.length) throw refuse(m.artworkHidden, hidden);
    const before = await listExhibitionWorkIds(tx, exhibitionId);
    await replaceExhibitionWorks(tx, exhibitionId, ids);
    await recordAudit(tx, actor, {
      action: "exhibition.set_artworks",
      targetType: "exhibition",
      targetId: exhibitionId,
      before: { artworkIds: before },
      after: { artworkIds: ids },
    });
  });
  return getExhibitionForAdmin(deps, exhibitionId);
}

export function pickArtworks(deps: CurationDeps, query: PickerQuery): Promise<PickerArtwork[]> {
  return searchPickerArtworks(deps.db, query.q || undefined, 20);
}

// ---- Banners ----

const bannerOut = (b: BannerRow): AdminBanner => ({
  id: b.id,
  imageUrl: b.imageUrl,
  altText: b.altText,
  isActive: b.isActive,
  createdAt: b.createdAt.toISOString(),
});
const bannerAudit = (b: BannerRow) => ({
  imageUrl: b.imageUrl,
  altText: b.altText,
  isActive: b.isActive,
});

export async function listBannersForAdmin(deps: CurationDeps): Promise<AdminBanner[]> {
  return (await listBanners(deps.db)).map(bannerOut);
}

export async function createBanner(
  deps: CurationDeps,
  actor: AuditActor,
  body: BannerCreate,
): Promise<AdminBanner> {
  const row = await deps.db.transaction(async (tx) => {
    const imageUrl = await claimUpload(tx, actor, body.uploadId);
    const banner = await insertBanner(tx, { imageUrl, altText: body.altText });
    await recordAudit(tx, actor, {
      action: "banner.create",
      targetType: "banner",
      targetId: banner.id,
      after: bannerAudit(banner),
    });
    return banner;
  });
  return bannerOut(row);
}

/**
 * Activates one banner and turns the others off, in one transaction. Two admins
 * activating two banners at once: the partial unique index makes the later one fail;
 * it is run again (it then turns the first one off), so the last one wins, cleanly.
 */
export async function activateBanner(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
): Promise<AdminBanner> {
  const bannerId = pathId(id, m.bannerNotFound);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await deps.db.transaction(async (tx) => {
        const turnedOff = await deactivateOtherBanners(tx, bannerId);
        const banner = await setBannerActive(tx, bannerId, true);
        if (!banner) {
          if (!(await findBanner(tx, bannerId))) throw notFound(m.bannerNotFound);
          throw conflict(m.bannerAlreadyActive);
        }
        await recordAudit(tx, actor, {
          action: "banner.activate",
          targetType: "banner",
          targetId: bannerId,
          before: { isActive: false, replaced: turnedOff.map((b) => b.id) },
          after: { isActive: true },
        });
        return banner;
      });
      return bannerOut(row);
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      if (attempt >= 3) throw conflict(m.bannerBusy);
    }
  }
}

export async function deactivateBanner(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
): Promise<AdminBanner> {
  const bannerId = pathId(id, m.bannerNotFound);
  const row = await deps.db.transaction(async (tx) => {
    const banner = await setBannerActive(tx, bannerId, false);
    if (!banner) {
      if (!(await findBanner(tx, bannerId))) throw notFound(m.bannerNotFound);
      throw conflict(m.bannerAlreadyInactive);
    }
    await recordAudit(tx, actor, {
      action: "banner.deactivate",
      targetType: "banner",
      targetId: bannerId,
      before: { isActive: true },
      after: { isActive: false },
    });
    return banner;
  });
  return bannerOut(row);
}

/** Deletes an inactive banner; its upload is swept with its files a day after it was made. */
export async function deleteBanner(
  deps: CurationDeps,
  actor: AuditActor,
  id: string,
): Promise<void> {
  const bannerId = pathId(id, m.bannerNotFound);
  await deps.db.transaction(async (tx) => {
    const banner = await deleteInactiveBanner(tx, bannerId);
    if (!banner) {
      if (!(await findBanner(tx, bannerId))) throw notFound(m.bannerNotFound);
      throw conflict(m.bannerActiveDelete);
    }
    await recordAudit(tx, actor, {
      action: "banner.delete",
      targetType: "banner",
      targetId: bannerId,
      before: bannerAudit(banner),
    });
  });
}

// ---- Cities and categories ----

const catalogTexts = {
  city: { notFound: m.cityNotFound, duplicate: m.cityDuplicate, inUse: m.cityInUse },
  category: {
    notFound: m.categoryNotFound,
    duplicate: m.categoryDuplicate,
    inUse: m.categoryInUse,
  },
} as const;

export async function getCatalogForAdmin(deps: CurationDeps): Promise<AdminCatalog> {
  const [cityRows, categoryRows] = await Promise.all([
    listCitiesWithUsage(deps.db),
    listCategoriesWithUsage(deps.db),
  ]);
  return {
    cities: cityRows,
    categories: categoryRows.map((c) => ({ ...c, label: categoryLabel(c.name) })),
  };
}

type CatalogEntryOut = { id: string; name: string };

/** A duplicate name found by the database (a race with another admin) is a 409 too. */
async function catalogWrite<T>(kind: CatalogTable, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) throw conflict(catalogTexts[kind].duplicate);
    if (code === FOREIGN_KEY_VIOLATION) throw conflict(catalogTexts[kind].inUse);
    throw error;
  }
}

export function createCatalogEntry(
  deps: CurationDeps,
  actor: AuditActor,
  kind: CatalogTable,
  name: string,
): Promise<CatalogEntryOut> {
  return catalogWrite(kind, () =>
    deps.db.transaction(async (tx) => {
      if (await findCatalogNameTaken(tx, kind, name)) throw conflict(catalogTexts[kind].duplicate);
      const row = await insertCatalogEntry(tx, kind, name);
      await recordAudit(tx, actor, {
        action: `${kind}.create`,
        targetType: kind,
        targetId: row.id,
        after: { name: row.name },
      });
      return { id: row.id, name: row.name };
    }),
  );
}

export function renameCatalog(
  deps: CurationDeps,
  actor: AuditActor,
  kind: CatalogTable,
  id: string,
  name: string,
): Promise<CatalogEntryOut> {
  const entryId = pathId(id, catalogTexts[kind].notFound);
  return catalogWrite(kind, () =>
    deps.db.transaction(async (tx) => {
      const before = await findCatalogEntry(tx, kind, entryId);
      if (!before) throw notFound(catalogTexts[kind].notFound);
      if (await findCatalogNameTaken(tx, kind, name, entryId)) {
        throw conflict(catalogTexts[kind].duplicate);
      }
      const row = await renameCatalogEntry(tx, kind, entryId, name);
      if (!row) throw notFound(catalogTexts[kind].notFound);
      await recordAudit(tx, actor, {
        action: `${kind}.rename`,
        targetType: kind,
        targetId: entryId,
        before: { name: before.name },
        after: { name: row.name },
      });
      return { id: row.id, name: row.name };
    }),
  );
}

/**
 * Deletes an unused city or category. The count is checked first for a clear answer;
 * a use added meanwhile is refused by the foreign key, answered the same way.
 */
export function deleteCatalog(
  deps: CurationDeps,
  actor: AuditActor,
  kind: CatalogTable,
  id: string,
): Promise<void> {
  const entryId = pathId(id, catalogTexts[kind].notFound);
  return catalogWrite(kind, () =>
    deps.db.transaction(async (tx) => {
      const before = await findCatalogEntry(tx, kind, entryId);
      if (!before) throw notFound(catalogTexts[kind].notFound);
      if ((await catalogEntryUsage(tx, kind, entryId)) > 0) {
        throw conflict(catalogTexts[kind].inUse);
      }
      const row = await deleteCatalogEntry(tx, kind, entryId);
      if (!row) throw notFound(catalogTexts[kind].notFound);
      await recordAudit(tx, actor, {
        action: `${kind}.delete`,
        targetType: kind,
        targetId: entryId,
        before: { name: before.name },
      });
    }),
  );
}
