import type { AuditPage, AuditQuery } from "../../../contracts/admin.contract";
import type { Database } from "../../db/client";
import { decodeCursor, pageOf, rowCursor } from "../../page-cursor";
import { listAuditActions, listAuditEvents } from "./audit.repository";

export type AuditDeps = { db: Database };

const PAGE_SIZE = 50;

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
  const { shown, next } = pageOf(rows, PAGE_SIZE, rowCursor);
  return {
    events: shown.map(({ cursorAt: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next,
    actions: await listAuditActions(db),
  };
}
