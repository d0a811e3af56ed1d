/**
 * What other features may use of moderation: its repository stays private to it.
 */
export { suspendWithin } from "./moderation.service";
