/**
 * What other features may use of audit: its repositories stay private to it.
 */
export { type AuditActor, type GuestActor, recordAudit } from "./audit.repository";
