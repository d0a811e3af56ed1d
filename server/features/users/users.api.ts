/**
 * What other features may use of users: its repositories stay private to it.
 */
export {
  clearSignInFailures,
  countRecentSignInFailures,
  deleteSessionsOf,
  deleteSessionsWhere,
  findContact,
  findSavedAddress,
  findSessionUser,
  findUserIdByEmail,
  insertGuestUser,
  isSuspended,
  listLiveSessions,
  recordSignInFailure,
  saveShippingAddress,
  setEmail,
} from "./users.repository";
export {
  closeAccountRow,
  lockAccount,
  passwordHashOf,
  profileForExport,
} from "./personal-data.repository";
