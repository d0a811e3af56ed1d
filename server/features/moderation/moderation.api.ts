/**
 * What other features may use of moderation: its repository stays private to it.
 */
export { hideWithin, suspendWithin, unhideWithin } from "./moderation.service";
