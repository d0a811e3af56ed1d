/**
 * What other features may use of applications: its repositories stay private to it.
 */
export { forgetApplications } from "./personal-data.repository";
