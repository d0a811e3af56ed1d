/**
 * What other features may use of mail: its repositories stay private to it.
 */
export { enqueueMail, enqueueMails, listMail, type NewMail } from "./outbox.repository";
