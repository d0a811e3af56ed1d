/**
 * What other features may use of alerts: its repositories stay private to it.
 */
export { ensurePreferences } from "./alerts.repository";
export { alertsForExport, forgetAlerts } from "./personal-data.repository";
