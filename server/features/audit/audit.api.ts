/**
 * What other features may use of audit: its repositories stay private to it.
 */
export { type AuditActor, recordAudit } from "./audit.repository";
