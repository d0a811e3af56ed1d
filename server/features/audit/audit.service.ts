import type { AuditPage, AuditQuery } from "../../../contracts/admin.contract";
import { adminMessages } from "../../../contracts/admin.contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { listAuditActions, listAuditEvents } from "./audit.repository";

export type AuditDeps = { db: Database };

const PAGE_SIZE = 50;

/** A page cursor: the last row's time and id, so a page never repeats or skips a row. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      typeof value[0] === "string" &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === "string" &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw new AppError("VALIDATION_FAILED", 400, adminMessages.invalidFilter);
}

/** The console's audit log (decision 0027): newest first, filtered, 50 a page. */
export async function listAudit({ db }: AuditDeps, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditEvents(db, {
    action: query.action || undefined,
    targetType: query.targetType || undefined,
    targetId: query.targetId || undefined,
    actorId: query.actorId,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map(({ cursorAt: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length > PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
    actions: await listAuditActions(db),
  };
}
