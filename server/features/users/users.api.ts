/**
 * What other features may use of users: its repositories stay private to it.
 */
export {
  clearSignInFailures,
  countRecentSignInFailures,
  deleteSessionsOf,
  findContact,
  findSessionUser,
  findUserIdByEmail,
  insertGuestUser,
  isSuspended,
  recordSignInFailure,
  saveShippingAddress,
} from "./users.repository";
