/**
 * What other features may use of auth: its repositories stay private to it.
 */
export { insertResetToken, isLiveResetToken } from "./reset-tokens.repository";

export { checkSecondStep, type SecondStepResult } from "./two-step.service";
