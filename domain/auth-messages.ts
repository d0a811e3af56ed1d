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
