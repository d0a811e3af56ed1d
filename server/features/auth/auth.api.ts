/**
 * What other features may use of auth: its repositories stay private to it.
 */
export { insertResetToken, isLiveResetToken } from "./reset-tokens.repository";
export { checkPassword } from "./password-check.service";
export type { PasswordHashing } from "./password-hashing";

export { checkSecondStep, type SecondStepResult } from "./two-step.service";
export { forgetTwoFactor } from "./two-step.repository";
