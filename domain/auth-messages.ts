/** The SPEC §5 and §8 texts of sign-in, sign-up and password reset, verbatim. */
export const authMessages = {
  invalidCredentials: "Invalid email or password.",
  tooManyAttempts:
    "Too many unsuccessful login attempts. Please try again later or reset your password.",
  signInFailed: "Failed to sign in. Please try again.",
  resetSent: "Password reset email sent! Check your inbox.",
  resetFailed: "Failed to send password reset email. Please try again.",
  resetNeedsEmail: "Please enter your email address to reset your password.",
  emailInUse: "An account with this email already exists. Please sign in instead.",
  weakPassword: "Password is too weak. Please use at least 6 characters.",
  signUpFailed: "Failed to create account. Please try again.",
  mustAgreeToTerms: "You must agree to the Terms of Service and Privacy Policy.",
  artistNeedsLink: "Artists must provide either an Instagram handle or website URL.",
  artistPending:
    "Thank you for applying as an artist! Your application is pending review. We will email you once your artist account has been approved.",
  // Not in the SPEC: our own texts for cases it leaves open.
  requiredFields: "Please fill in all required fields.",
  signInRequired: "Please enter your email and password.",
  invalidEmail: "Please enter a valid email address.",
  invalidWebsite: "Please enter a valid website URL starting with http:// or https://.",
  invalidHandle: "Instagram handles may contain only letters, numbers, periods and underscores.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  passwordTooLong: "Password must be at most 128 characters.",
  // Decision 0027: told only after the right password, so it reveals nothing to a guesser.
  accountSuspended: "This account has been suspended. Please contact the marketplace team.",
  passwordsDoNotMatch: "The two passwords do not match.",
  passwordChanged: "Your password has been changed. You can now sign in.",
  // After a guest purchase, on the way to the purchase history (SPEC §8 guest account texts).
  purchaseAccountCreated:
    "Your purchase created an account for this email address, without a password. To see your purchases, set a password first: we will email you a link.",
  purchaseAccountFound:
    "Your purchase was saved to the account for this email address. Sign in to see your purchases, or have us email you a link to set a new password.",
  sendPasswordLink: "Email me a link to set my password",
  // The page a guest's purchase link opens (decision 0042).
  setPasswordForPurchases:
    "Choose a password for the account your purchase created. Then you are signed in and see your purchases.",
  forgotPassword: "Forgot password?",
  resetPasswordButton: "Reset Password",
} as const;

export const MIN_PASSWORD_LENGTH = 6;

/** What the two-step forms and routes say (user-visible, used by the pages as they are). */
export const twoStepMessages = {
  signIn: "Please sign in to change two-step verification.",
  passwordRequired: "Enter your password.",
  wrongPassword: "Your password is not right.",
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  backupCodeRequired: "Enter one of your backup codes.",
  codeTooLong: "That code is too long.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongBackupCode: "That backup code is not right or was already used.",
  alreadyOn: "Two-step verification is already on.",
  notOn: "Two-step verification is not on.",
  notStarted: "Start again: enter your password to set up two-step verification.",
  challengeExpired: "Your sign-in took too long. Please sign in again.",
  tooManyCodes: "Too many wrong codes. Please sign in again.",
  locked: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
  failed: "That could not be done. Please try again.",
  enabled: "Two-step verification is on.",
  disabled: "Two-step verification is off.",
  regenerated: "New backup codes are made; the old ones no longer work.",
  adminRequired:
    "The console needs two-step verification. Set it up on your settings page, then come back.",
  payoutsRequired: "Set up two-step verification on your settings page before you set up payouts.",
} as const;

/** The longest code we read: a backup code is 11 characters, an app's code 6. */
export const MAX_TWO_STEP_CODE_LENGTH = 32;

export const emailChangeMessages = {
  signIn: "Please sign in to change your e-mail address.",
  sameEmail: "That is already your e-mail address.",
  inUse: "That e-mail address is already used by another account.",
  wrongPassword: "Your password is not right.",
  noPassword:
    "This account has no password yet. Sign out and use “Forgot password?” to choose one.",
  sent: "We sent a link to your new address. Open it within 24 hours to finish the change.",
  linkInvalid: "This link is not valid any more. Ask for a new one from your settings page.",
  changed: "Your e-mail address is changed. Every other device was signed out.",
  /** The link opened in a browser that was not signed in as the person: all sessions end. */
  changedSignedOut:
    "Your e-mail address is changed, and you are signed out everywhere. Sign in with your new address.",
  failed: "Your e-mail address could not be changed. Please try again.",
} as const;
