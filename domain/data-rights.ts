import { ACCOUNT_CLOSED_NOTICE } from "./account-closed";

/** The texts of "Download my data" and "Delete my account" (decision 0058), in one place. */
export const dataRightsMessages = {
  signIn: "Please sign in to manage your data.",
  exportQueued: "We are preparing your data. We will e-mail you when it is ready.",
  exportNotFound: "That download does not exist or is not yours.",
  exportExpired: "This download has expired. Ask for a new one from your settings.",
  exportFailed: "Your data could not be prepared. Please try again.",
  exportStorageFull:
    "Your data could not be prepared: the server has no room left to store the file. Please try again later.",
  wrongPassword: "Your password is not right.",
  secondStepMissing: "Enter the code from your authenticator app.",
  secondStepWrong: "That code is not right.",
  notSettled:
    "Your account cannot be closed yet: settle the open offers, orders and balance listed first.",
  alreadyClosed: "This account is already closed.",
  noPassword:
    "This account has no password yet. Sign out and use “Forgot password?” to choose one first.",
  closed: ACCOUNT_CLOSED_NOTICE,
  confirmRequired: "Tick the box to confirm that your account is to be deleted for good.",
} as const;

/** How long a ready export can be downloaded. */
export const EXPORT_VALID_DAYS = 7;

/**
 * The name a closed account shows wherever it is still named (orders, messages, sold
 * works): "Deleted member" and six characters of its id, which tell two apart and say
 * nothing about the person.
 */
export function closedAccountName(userId: string): string {
  return `Deleted member ${userId.replace(/-/g, "").slice(-6).toUpperCase()}`;
}

/** A closed account's address: unique, and never deliverable (RFC 2606's `.invalid`). */
export function closedAccountEmail(userId: string): string {
  return `closed-${userId}@deleted.invalid`;
}
