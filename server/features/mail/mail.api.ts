/**
 * What other features may use of mail: its repositories stay private to it.
 */
export {
  enqueueMail,
  enqueueMails,
  forgetRecipient,
  listMail,
  type NewMail,
} from "./outbox.repository";
