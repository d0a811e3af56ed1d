import {
  type Report,
  type ReportAction,
  type ReportQueue,
  type ReportSuspendBody,
  type ReportedConversation,
  reportMessages as rm,
} from "../../../contracts/admin-reports.contract";
import { isUuid } from "../../../domain/ids";
import type { Database } from "../../db/client";
import type { ConversationReportStatus } from "../../db/schema";
import { AppError } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { enqueueMail } from "../mail/mail.api";
import { suspendWithin } from "../moderation/moderation.api";
import { warningMail } from "./conversation-reports.mails";
import {
  type ReportRow,
  decideReport,
  findReport,
  findReportedConversation,
  listOpenReports,
  listReportsOf,
} from "./conversation-reports.repository";
import { listMessages } from "./conversations.repository";

/**
 * The console's side of reports (decisions 0027, 0053): the queue, a reported
 * conversation read-only, and the team's answers. The team reads a conversation only
 * when someone reported it; every other id is 404, as an unknown one. Each answer is one
 * transaction: the guarded decision, what it does (a warning e-mail, a suspension), and
 * its audit row; answering a decided report is 409 and writes nothing.
 */
export type ReportsDeps = {
  db: Database;
  publicUrl: string;
  teamEmail: string;
  kickOutbox: () => void;
};

const QUEUE_LIMIT = 200;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Who the report is about: the conversation's other person than the reporter. */
function reportedSide(row: ReportRow) {
  return row.reporter_id === row.buyer_id ? "artist" : "buyer";
}

function person(row: ReportRow, side: "buyer" | "artist") {
  return side === "buyer"
    ? {
        id: row.buyer_id,
        displayName: row.buyer_name,
        email: row.buyer_email,
        suspended: row.buyer_suspended,
      }
    : {
        id: row.artist_id,
        displayName: row.artist_name,
        email: row.artist_email,
        suspended: row.artist_suspended,
      };
}

function artworkOf(row: ReportRow) {
  return row.kind === "artwork" ? { id: row.artwork_id, title: row.artwork_title ?? "" } : null;
}

function toReport(row: ReportRow): Report {
  const reported = reportedSide(row);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    reason: row.reason,
    status: row.status,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    decidedByEmail: row.decided_by_email,
    reporter: person(row, reported === "buyer" ? "artist" : "buyer"),
    reported: person(row, reported),
    artwork: artworkOf(row),
  };
}

export async function listReportQueue({ db }: ReportsDeps): Promise<ReportQueue> {
  const rows = await listOpenReports(db, QUEUE_LIMIT);
  return { reports: rows.map(toReport) };
}

function conversationNotFound(): never {
  throw new AppError("NOT_FOUND", 404, rm.conversationNotFound);
}

/**
 * A reported conversation with its messages and reports; 404 for any other. Each time a
 * member of the team opens one is in the audit log: people's private words are read only
 * for a report, and afterwards anyone can see who read them and when.
 */
export async function getReportedConversation(
  { db }: ReportsDeps,
  actor: AuditActor,
  rawId: string,
): Promise<ReportedConversation> {
  if (!isUuid(rawId)) conversationNotFound();
  const id = rawId.toLowerCase();
  const conversation = await findReportedConversation(db, id);
  if (!conversation) conversationNotFound();
  await recordAudit(db, actor, {
    action: "conversation.read",
    targetType: "conversation",
    targetId: id,
  });
  const [reports, { messages, images }] = await Promise.all([
    listReportsOf(db, id),
    listMessages(db, id),
  ]);
  const first = reports[0];
  if (!first) conversationNotFound();
  return {
    id,
    closed: conversation.closed_at !== null || first.buyer_suspended || first.artist_suspended,
    buyer: person(first, "buyer"),
    artist: person(first, "artist"),
    artwork: artworkOf(first),
    messages: messages.map((message) => ({
      id: String(message.id),
      senderId: message.senderId,
      body: message.body,
      images: images
        .filter((image) => image.messageId === message.id)
        .map((image) => ({
          id: image.id,
          thumbnail: image.thumbnail,
          medium: image.medium,
          original: image.original,
          width: image.width,
          height: image.height,
        })),
      createdAt: iso(message.createdAt),
    })),
    reports: reports.map(toReport),
  };
}

type Decision = Exclude<ConversationReportStatus, "open">;

const ACTIONS: Record<Decision, string> = {
  dismissed: "conversation_report.dismiss",
  warned: "conversation_report.warn",
  suspended: "conversation_report.suspend",
};

/**
 * One answer to an open report, in one transaction: the guarded decision first (the
 * loser of two admins at once gets 409 and writes nothing), then what it does, then the
 * audit row. A failure in between (the admin would suspend themselves) undoes it all.
 */
async function decide(
  deps: ReportsDeps,
  actor: AuditActor,
  rawId: string,
  status: Decision,
  act: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0], row: ReportRow) => Promise<void>,
  message: string,
): Promise<ReportAction> {
  if (!isUuid(rawId)) throw new AppError("NOT_FOUND", 404, rm.notFound);
  const id = rawId.toLowerCase();
  const report = await deps.db.transaction(async (tx) => {
    const before = await findReport(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404, rm.notFound);
    if (!(await decideReport(tx, { reportId: id, status, by: actor.id }))) {
      throw new AppError("CONFLICT", 409, rm.alreadyDecided);
    }
    await act(tx, before);
    const after = await findReport(tx, id);
    if (!after) throw new AppError("NOT_FOUND", 404, rm.notFound);
    await recordAudit(tx, actor, {
      action: ACTIONS[status],
      targetType: "conversation_report",
      targetId: id,
      before: { status: before.status, conversationId: before.conversation_id },
      after: {
        status: after.status,
        conversationId: after.conversation_id,
        reportedUserId: toReport(after).reported.id,
      },
    });
    return after;
  });
  if (status === "warned") deps.kickOutbox();
  return { report: toReport(report), message };
}

export function dismissReport(deps: ReportsDeps, actor: AuditActor, reportId: string) {
  return decide(deps, actor, reportId, "dismissed", async () => {}, rm.dismissed);
}

/** E-mails the reported person a warning written for people, from the outbox. */
export function warnReported(deps: ReportsDeps, actor: AuditActor, reportId: string) {
  return decide(
    deps,
    actor,
    reportId,
    "warned",
    async (tx, row) => {
      const reported = person(row, reportedSide(row));
      await enqueueMail(tx, {
        kind: "conversation_warning",
        to: reported.email,
        ...warningMail(
          { name: reported.displayName, artworkTitle: artworkOf(row)?.title ?? null },
          deps,
        ),
      });
    },
    rm.warned,
  );
}

/**
 * Suspends the reported person through moderation (which ends their sessions and
 * writes its own `user.suspend` row); their conversations read as closed from then on.
 * Already suspended (from the People area, or another report): the report is still
 * decided, with nothing suspended twice.
 */
export function suspendReported(
  deps: ReportsDeps,
  actor: AuditActor,
  reportId: string,
  body: ReportSuspendBody,
) {
  return decide(
    deps,
    actor,
    reportId,
    "suspended",
    async (tx, row) => {
      await suspendWithin(tx, actor, person(row, reportedSide(row)).id, body.reason);
    },
    rm.suspended,
  );
}
