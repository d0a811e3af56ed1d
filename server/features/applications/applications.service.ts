import type {
  AdminApplication,
  ApplicationDecision,
  ApplicationsPage,
  ApplicationsQuery,
} from "../../../contracts/admin-applications.contract";
import { applicationMessages as m } from "../../../contracts/admin-applications.contract";
import {
  type ArtistApplicationBody,
  type OwnApplicationAnswer,
  artistApplicationMessages as am,
} from "../../../contracts/applications.contract";
import { isUuid } from "../../../domain/ids";
import type { Database } from "../../db/client";
import type { ApplicationState } from "../../db/schema";
import { AppError } from "../../errors";
import { decodeCursor, pageOf, rowCursor } from "../../page-cursor";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { enqueueMail } from "../mail/mail.api";
import { approvedMail, declinedMail, infoRequestedMail } from "./applications-mail";
import { type ApplicationImageRow, listApplicationImagesOf } from "./application-images.repository";
import { toApplicationImage } from "./application-images.service";
import {
  type ApplicationRow,
  OPEN_STATES,
  type QueueRow,
  answerApplication,
  countApplicationsByState,
  countWaitingApplications,
  findLatestApplication,
  findQueueRow,
  insertApplication,
  listApplications,
  lockApplicant,
  lockOpenApplication,
  reopenApplication,
  updateApplicant,
} from "./applications.repository";

export type ApplicationsDeps = {
  db: Database;
  publicUrl: string;
  /** Wakes the outbox worker once a transaction with a mail has committed. */
  kickOutbox: () => void;
};

const PAGE_SIZE = 20;

function toAdminApplication(
  { cursorAt: _, ...r }: QueueRow,
  images: ApplicationImageRow[],
): AdminApplication {
  return {
    id: r.id,
    userId: r.userId,
    state: r.state,
    appliedAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    firstName: r.firstName,
    lastName: r.lastName,
    displayName: r.displayName,
    email: r.email,
    instagramHandle: r.instagramHandle,
    websiteURL: r.websiteURL,
    note: r.note,
    answer: r.answer,
    bio: r.bio,
    profilePhoto: r.profilePhoto,
    signedUpAt: r.signedUpAt.toISOString(),
    teamMessage: r.teamMessage,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    decidedByEmail: r.decidedByEmail,
    earlierApplications: r.earlierApplications,
    images: images.filter((image) => image.userId === r.userId).map(toApplicationImage),
  };
}

/** The console's queue (decision 0027): open ones unless a state is asked for, newest first. */
export async function listQueue(
  { db }: ApplicationsDeps,
  query: ApplicationsQuery,
): Promise<ApplicationsPage> {
  const rows = await listApplications(db, {
    states: query.state ? [query.state] : OPEN_STATES,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: PAGE_SIZE + 1,
  });
  const { shown, next } = pageOf(rows, PAGE_SIZE, rowCursor);
  const images = await listApplicationImagesOf(
    db,
    shown.map((r) => r.userId),
  );
  return {
    applications: shown.map((r) => toAdminApplication(r, images)),
    next,
    counts: await countApplicationsByState(db),
  };
}

/** The header's count for an admin: applications waiting for the team. */
export function waitingCount({ db }: ApplicationsDeps): Promise<number> {
  return countWaitingApplications(db);
}

export type TeamDecision =
  | { kind: "approve" }
  | { kind: "decline"; reason: string }
  | { kind: "request_info"; message: string };

const NEW_STATE = {
  approve: "approved",
  decline: "declined",
  request_info: "info_requested",
} as const satisfies Record<TeamDecision["kind"], ApplicationState>;

/**
 * The team's answer to a person's open application, all in one transaction: the guarded
 * UPDATE of the application (the loser of a race gets 409 and writes nothing), the
 * person's row, the e-mail in the outbox and one audit row.
 */
export async function decide(
  deps: ApplicationsDeps,
  actor: AuditActor,
  userId: string,
  decision: TeamDecision,
): Promise<ApplicationDecision> {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", 404, m.userNotFound);
  const applicationId = await deps.db.transaction(async (tx) => {
    const applicant = await lockApplicant(tx, userId);
    if (!applicant) throw new AppError("NOT_FOUND", 404, m.userNotFound);
    const open = await lockOpenApplication(tx, userId);
    if (!open) {
      const latest = await findLatestApplication(tx, userId);
      throw new AppError("CONFLICT", 409, latest ? m.alreadyDecided : m.noApplication);
    }
    const teamMessage =
      decision.kind === "decline"
        ? decision.reason
        : decision.kind === "request_info"
          ? decision.message
          : null;
    const answered = await answerApplication(tx, open.id, {
      state: NEW_STATE[decision.kind],
      decidedBy: actor.id,
      teamMessage,
    });
    if (!answered) throw new AppError("CONFLICT", 409, m.alreadyDecided);

    const person = { isArtist: applicant.isArtist, pendingOccupation: applicant.pendingOccupation };
    let after = person;
    if (decision.kind === "approve") {
      after = { isArtist: true, pendingOccupation: null };
      await updateApplicant(tx, userId, after);
      await enqueueMail(tx, approvedMail(applicant, deps.publicUrl));
    } else if (decision.kind === "decline") {
      after = { isArtist: applicant.isArtist, pendingOccupation: null };
      await updateApplicant(tx, userId, after);
      await enqueueMail(tx, declinedMail(applicant, decision.reason, deps.publicUrl));
    } else {
      await enqueueMail(tx, infoRequestedMail(applicant, decision.message, deps.publicUrl));
    }
    await recordAudit(tx, actor, {
      action: `application.${decision.kind}`,
      targetType: "user",
      targetId: userId,
      before: { applicationId: open.id, state: open.state, ...person },
      after: { applicationId: open.id, state: answered.state, teamMessage, ...after },
    });
    return open.id;
  });
  deps.kickOutbox();
  const row = await findQueueRow(deps.db, applicationId);
  if (!row) throw new AppError("NOT_FOUND", 404, m.userNotFound);
  const images = await listApplicationImagesOf(deps.db, [row.userId]);
  return { application: toAdminApplication(row, images) };
}

function toOwn(row: ApplicationRow | undefined, isArtist: boolean): OwnApplicationAnswer {
  return {
    isArtist,
    application: row
      ? {
          id: row.id,
          state: row.state,
          instagramHandle: row.instagramHandle,
          websiteURL: row.websiteURL,
          note: row.note,
          teamMessage: row.teamMessage,
          answer: row.answer,
          appliedAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
        }
      : null,
  };
}

/** The person's own latest application, for the profile. */
export async function ownApplication(
  { db }: ApplicationsDeps,
  viewer: { id: string; isArtist: boolean },
): Promise<OwnApplicationAnswer> {
  return toOwn(await findLatestApplication(db, viewer.id), viewer.isArtist);
}

/**
 * A collector applies from the profile (never applied, or declined before), or an
 * applicant answers the team's request for information (`answer`, required then; the
 * original note is kept), which returns the application to `waiting`. One transaction: the application row and the person's own row.
 */
export async function apply(
  { db }: ApplicationsDeps,
  userId: string,
  body: ArtistApplicationBody,
): Promise<OwnApplicationAnswer> {
  const row = await db.transaction(async (tx) => {
    const person = await lockApplicant(tx, userId);
    if (!person) throw new AppError("NOT_FOUND", 404, m.userNotFound);
    if (person.isArtist) throw new AppError("CONFLICT", 409, am.alreadyArtist);
    const open = await lockOpenApplication(tx, userId);
    if (open?.state === "waiting") throw new AppError("CONFLICT", 409, am.alreadyWaiting);
    const links = { instagramHandle: body.instagramHandle, websiteURL: body.websiteURL };
    let saved;
    if (open) {
      if (!body.answer) throw new AppError("VALIDATION_FAILED", 400, am.answerRequired);
      saved = await reopenApplication(tx, open.id, { ...links, answer: body.answer });
    } else {
      saved = await insertApplication(tx, userId, { ...links, note: body.note });
    }
    if (!saved) throw new AppError("CONFLICT", 409, am.alreadyWaiting);
    await updateApplicant(tx, userId, {
      pendingOccupation: "artist",
      instagramHandle: body.instagramHandle,
      websiteURL: body.websiteURL,
    });
    return saved;
  });
  return toOwn(row, false);
}
