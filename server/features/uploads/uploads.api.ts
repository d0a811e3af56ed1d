/**
 * What other features may use of uploads: its repositories stay private to it.
 */
export { lockClaimableUpload, noImageShows, uploadKeys } from "./uploads.repository";
