import type {
  AdminArtwork,
  AdminArtworksPage,
  AdminArtworksQuery,
  ArtworkAction,
  CurationBody,
  HideBody,
} from "../../../contracts/admin-artworks.contract";
import { artworkModerationMessages as am } from "../../../contracts/admin-artworks.contract";
import { ADMIN_ARTWORKS_PAGE_SIZE } from "../../../contracts/admin.values";
import type {
  PeoplePage,
  PeopleQuery,
  Person,
  PersonAction,
  SuspendBody,
} from "../../../contracts/admin-people.contract";
import { peopleMessages as pm } from "../../../contracts/admin-people.contract";
import { isUuid } from "../../../domain/ids";
import type { Database, Queryable } from "../../db/client";
import { AppError } from "../../errors";
import { decodeCursor, pageOf, rowCursor } from "../../page-cursor";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { button, message, workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import {
  type ArtworkRow,
  type PersonRow,
  deleteSessionsOf,
  findArtworkForConsole,
  findPerson,
  hideArtwork,
  listArtworksForConsole,
  listPeople,
  lockActiveAdmins,
  makeAdmin,
  reinstateUser,
  revokeAdmin,
  setCuration,
  suspendUser,
  unhideArtwork,
} from "./moderation.repository";

/**
 * The console's People and Artworks areas (decision 0027). Every action is one guarded
 * UPDATE in a transaction with its audit row (and its e-mail); the loser of a race is
 * told what happened (409) and nothing is written twice.
 */
export type ModerationDeps = {
  db: Database;
  publicUrl: string;
  /** Where the artist of a hidden work can write to the team. */
  teamEmail: string;
  kickOutbox: () => void;
};

const PAGE_SIZE = 50;

function toPerson({ cursorAt: _, ...r }: PersonRow): Person {
  return {
    ...r,
    role: r.role === "admin" ? "admin" : "user",
    payoutStatus: r.payoutStatus as Person["payoutStatus"],
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function toArtwork({ cursorAt: _, artistEmail: __, ...r }: ArtworkRow): AdminArtwork {
  return {
    ...r,
    hiddenAt: r.hiddenAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A malformed id names nobody: the same 404 as an unknown one. */
function personId(id: string): string {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", 404, pm.notFound);
  return id.toLowerCase();
}

function artworkId(id: string): string {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", 404, am.notFound);
  return id.toLowerCase();
}

async function requirePerson(db: Queryable, id: string): Promise<PersonRow> {
  const person = await findPerson(db, id);
  if (!person) throw new AppError("NOT_FOUND", 404, pm.notFound);
  return person;
}

async function requireArtwork(db: Queryable, id: string): Promise<ArtworkRow> {
  const artwork = await findArtworkForConsole(db, id, { lock: true });
  if (!artwork) throw new AppError("NOT_FOUND", 404, am.notFound);
  return artwork;
}

function conflict(message: string): AppError {
  return new AppError("CONFLICT", 409, message);
}

/** What the audit row keeps of a person: the fields an action changes. */
function personState(p: PersonRow) {
  return {
    role: p.role,
    suspendedAt: p.suspendedAt?.toISOString() ?? null,
    suspensionReason: p.suspensionReason,
  };
}

// ---- People ----

export async function listPeoplePage(
  { db }: ModerationDeps,
  query: PeopleQuery,
): Promise<PeoplePage> {
  const rows = await listPeople(db, {
    text: query.q || undefined,
    role: query.role,
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: PAGE_SIZE + 1,
  });
  const { shown, next } = pageOf(rows, PAGE_SIZE, rowCursor);
  return { people: shown.map(toPerson), next };
}

/** One people action: in a transaction, read, change (guarded), audit; answers the person after. */
async function personAction(
  { db }: ModerationDeps,
  actor: AuditActor,
  rawId: string,
  action: string,
  change: (tx: Queryable, before: PersonRow) => Promise<void>,
  message: string,
): Promise<PersonAction> {
  const id = personId(rawId);
  const person = await db.transaction(async (tx) => {
    const before = await requirePerson(tx, id);
    await change(tx, before);
    const afterRow = await requirePerson(tx, id);
    await recordAudit(tx, actor, {
      action,
      targetType: "user",
      targetId: id,
      before: personState(before),
      after: personState(afterRow),
    });
    return afterRow;
  });
  return { person: toPerson(person), message };
}

/**
 * Suspending or demoting someone runs under the lock on every admin row, and only while
 * the actor is still an admin who is not suspended: two admins suspending or demoting
 * each other at once leave one of them an admin who can sign in (decision 0027).
 * Answers the admins who are not suspended.
 */
async function lockTeam(tx: Queryable, actor: AuditActor): Promise<string[]> {
  const active = await lockActiveAdmins(tx);
  if (!active.includes(actor.id)) throw new AppError("FORBIDDEN", 403, pm.actorNoLongerAdmin);
  return active;
}

export function suspendPerson(
  deps: ModerationDeps,
  actor: AuditActor,
  id: string,
  body: SuspendBody,
) {
  if (isUuid(id) && id.toLowerCase() === actor.id) throw conflict(pm.cannotSuspendSelf);
  return personAction(
    deps,
    actor,
    id,
    "user.suspend",
    async (tx) => {
      await lockTeam(tx, actor);
      if (!(await suspendUser(tx, id.toLowerCase(), body.reason)))
        throw conflict(pm.alreadySuspended);
      await deleteSessionsOf(tx, id.toLowerCase());
    },
    pm.suspended,
  );
}

export function reinstatePerson(deps: ModerationDeps, actor: AuditActor, id: string) {
  return personAction(
    deps,
    actor,
    id,
    "user.reinstate",
    async (tx) => {
      if (!(await reinstateUser(tx, id.toLowerCase()))) throw conflict(pm.notSuspended);
    },
    pm.reinstated,
  );
}

export function makePersonAdmin(deps: ModerationDeps, actor: AuditActor, id: string) {
  return personAction(
    deps,
    actor,
    id,
    "user.make_admin",
    async (tx, before) => {
      if (await makeAdmin(tx, id.toLowerCase())) return;
      throw conflict(before.role === "admin" ? pm.alreadyAdmin : pm.suspendedCannotBeAdmin);
    },
    pm.madeAdmin,
  );
}

export function revokePersonAdmin(deps: ModerationDeps, actor: AuditActor, id: string) {
  if (isUuid(id) && id.toLowerCase() === actor.id) throw conflict(pm.cannotDemoteSelf);
  return personAction(
    deps,
    actor,
    id,
    "user.revoke_admin",
    async (tx) => {
      // Under the lock on every admin row: two admins demoting each other leave one.
      const active = await lockTeam(tx, actor);
      if (active.includes(id.toLowerCase()) && active.length <= 1) throw conflict(pm.lastAdmin);
      if (!(await revokeAdmin(tx, id.toLowerCase()))) throw conflict(pm.notAdmin);
    },
    pm.revokedAdmin,
  );
}

// ---- Artworks ----

export async function listArtworksPage(
  { db }: ModerationDeps,
  query: AdminArtworksQuery,
): Promise<AdminArtworksPage> {
  const flag = (v: "true" | "false" | undefined) => (v === undefined ? undefined : v === "true");
  const rows = await listArtworksForConsole(db, {
    text: query.q || undefined,
    artistId: query.artistId?.toLowerCase(),
    status: query.status,
    forSale: flag(query.forSale),
    hidden: flag(query.hidden),
    curated: flag(query.curated),
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: ADMIN_ARTWORKS_PAGE_SIZE + 1,
  });
  const { shown, next } = pageOf(rows, ADMIN_ARTWORKS_PAGE_SIZE, rowCursor);
  return { artworks: shown.map(toArtwork), next };
}

function artworkState(a: ArtworkRow) {
  return {
    hiddenAt: a.hiddenAt?.toISOString() ?? null,
    hiddenReason: a.hiddenReason,
    isCurated: a.isCurated,
    randomOrder: a.randomOrder,
  };
}

async function artworkAction(
  { db }: ModerationDeps,
  actor: AuditActor,
  rawId: string,
  action: string,
  change: (tx: Queryable, before: ArtworkRow) => Promise<void>,
): Promise<AdminArtwork> {
  const artwork = await db.transaction(async (tx) => {
    const after = await auditedArtworkChange(tx, actor, rawId, action, async (inner, before) => {
      await change(inner, before);
      return true;
    });
    return after!;
  });
  return toArtwork(artwork);
}

/**
 * One change of a work inside the caller's transaction, with its audit row (the work as
 * it was and as it is). `change` answers false when there was nothing to change: then
 * nothing is audited and the answer is null.
 */
async function auditedArtworkChange(
  tx: Queryable,
  actor: AuditActor,
  rawId: string,
  action: string,
  change: (tx: Queryable, before: ArtworkRow) => Promise<boolean>,
): Promise<ArtworkRow | null> {
  const id = artworkId(rawId);
  const before = await requireArtwork(tx, id);
  if (!(await change(tx, before))) return null;
  const after = await requireArtwork(tx, id);
  await recordAudit(tx, actor, {
    action,
    targetType: "artwork",
    targetId: id,
    before: artworkState(before),
    after: artworkState(after),
  });
  return after;
}

/** The artist's e-mail when the team hides a work, with the reason as written. */
export function hiddenWorkMail(
  artwork: Pick<ArtworkRow, "id" | "title" | "artistName" | "imageThumbnail">,
  reason: string,
  { publicUrl, teamEmail }: Pick<ModerationDeps, "publicUrl" | "teamEmail">,
) {
  const title = artwork.title || "Untitled";
  return {
    subject: `Your artwork "${title}" was hidden from the marketplace`,
    content: message(
      artwork.artistName,
      workPicture(publicUrl, artwork.imageThumbnail, `"${title}" by ${artwork.artistName}`),
      [
        `The marketplace team hid your artwork "${title}" from the marketplace. It is no longer shown in search, on your artist page or in exhibitions, and it cannot be bought.`,
        "",
        "The team's reason:",
        reason,
        "",
        button(
          "You can still see the work, with this reason",
          `${publicUrl}/artwork/${artwork.id}`,
          "See the work",
        ),
        `If you have questions, write to the marketplace team at ${teamEmail}.`,
      ],
    ),
  };
}

export async function hideArtworkAction(
  deps: ModerationDeps,
  actor: AuditActor,
  id: string,
  body: HideBody,
): Promise<ArtworkAction> {
  const artwork = await artworkAction(deps, actor, id, "artwork.hide", async (tx, before) => {
    if (!(await hideArtwork(tx, before.id, body.reason))) throw conflict(am.alreadyHidden);
    await enqueueMail(tx, {
      kind: "artwork_hidden",
      to: before.artistEmail,
      ...hiddenWorkMail(before, body.reason, deps),
    });
  });
  deps.kickOutbox();
  return { artwork, message: am.hidden };
}

export async function unhideArtworkAction(
  deps: ModerationDeps,
  actor: AuditActor,
  id: string,
): Promise<ArtworkAction> {
  const artwork = await artworkAction(deps, actor, id, "artwork.unhide", async (tx, before) => {
    if (!(await unhideArtwork(tx, before.id))) throw conflict(am.notHidden);
  });
  return { artwork, message: am.unhidden };
}

export async function setCurationAction(
  deps: ModerationDeps,
  actor: AuditActor,
  id: string,
  body: CurationBody,
): Promise<ArtworkAction> {
  const artwork = await artworkAction(deps, actor, id, "artwork.curation", async (tx, before) => {
    await setCuration(tx, before.id, {
      ...(body.isCurated === undefined ? {} : { isCurated: body.isCurated }),
      ...(body.randomOrder === undefined ? {} : { randomOrder: body.randomOrder }),
    });
  });
  return { artwork, message: am.curationSaved };
}

/**
 * Suspends someone inside the caller's transaction, for a console action of another
 * feature (a reported conversation): the same rules, admin lock, session removal and
 * `user.suspend` audit row as the People area's. Answers false, changing nothing, when
 * they are suspended already.
 */
export async function suspendWithin(
  tx: Queryable,
  actor: AuditActor,
  userId: string,
  reason: string,
): Promise<boolean> {
  const id = personId(userId);
  if (id === actor.id) throw conflict(pm.cannotSuspendSelf);
  await lockTeam(tx, actor);
  const before = await requirePerson(tx, id);
  if (!(await suspendUser(tx, id, reason))) return false;
  await deleteSessionsOf(tx, id);
  await recordAudit(tx, actor, {
    action: "user.suspend",
    targetType: "user",
    targetId: id,
    before: personState(before),
    after: personState(await requirePerson(tx, id)),
  });
  return true;
}

/**
 * Hides a work inside the caller's transaction, for a console action of another feature
 * (a decision on a reported listing, which sends its own statement of reasons instead of
 * the Artworks area's e-mail): the same guarded UPDATE and `artwork.hide` audit row.
 * Answers false, changing nothing, when the work is hidden already.
 */
export async function hideWithin(
  tx: Queryable,
  actor: AuditActor,
  rawId: string,
  reason: string,
): Promise<boolean> {
  const hidden = await auditedArtworkChange(tx, actor, rawId, "artwork.hide", (inner, before) =>
    hideArtwork(inner, before.id, reason).then(Boolean),
  );
  return hidden !== null;
}

/** Shows a hidden work again inside the caller's transaction; false when it is not hidden. */
export async function unhideWithin(
  tx: Queryable,
  actor: AuditActor,
  rawId: string,
): Promise<boolean> {
  const shown = await auditedArtworkChange(tx, actor, rawId, "artwork.unhide", (inner, before) =>
    unhideArtwork(inner, before.id).then(Boolean),
  );
  return shown !== null;
}
