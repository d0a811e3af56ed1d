import type { ChangePasswordBody } from "../../../contracts/auth.contract";
import { authMessages } from "../../../domain/auth-messages";
import { AppError } from "../../errors";
import type { NewMail } from "../mail/mail.api";
import { findContact } from "../users/users.api";
import { passwordChangedMail } from "./auth.mails";
import { type AuthDeps, type RequestMeta, callAuth, readAuthError } from "./auth.service";

export const passwordMessages = {
  signIn: "Please sign in to change your password.",
  wrongCurrent: "Your current password is not right.",
  noPassword:
    "This account has no password yet. Sign out and use “Forgot password?” to choose one.",
  changed: "Your password is changed. Every other device was signed out.",
} as const;

/**
 * Changes the signed-in person's password, given the current one. Every other device is
 * signed out in the same step (Better Auth's revokeOtherSessions), this one gets a new
 * session cookie, and the account's address is e-mailed, so a stranger who changed it
 * cannot do so unseen.
 */
export type PasswordDeps = AuthDeps & { enqueueMail: (mail: NewMail) => Promise<void> };

export async function changePassword(
  deps: PasswordDeps,
  userId: string,
  { currentPassword, newPassword }: ChangePasswordBody,
  meta: RequestMeta,
): Promise<string[]> {
  const response = await callAuth(
    deps,
    "/change-password",
    { currentPassword, newPassword, revokeOtherSessions: true },
    meta,
  );
  if (!response.ok) {
    const code = await readAuthError(response);
    if (code === "PASSWORD_TOO_SHORT")
      throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
    if (code === "PASSWORD_TOO_LONG")
      throw new AppError("VALIDATION_FAILED", 400, authMessages.passwordTooLong);
    if (code === "INVALID_PASSWORD")
      throw new AppError("VALIDATION_FAILED", 400, passwordMessages.wrongCurrent);
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      throw new AppError("CONFLICT", 409, passwordMessages.noPassword);
    if (response.status === 401)
      throw new AppError("UNAUTHENTICATED", 401, passwordMessages.signIn);
    deps.logger.warn("A password change was refused", { status: response.status, code });
    throw new AppError("INTERNAL", 500, "Your password could not be changed. Please try again.");
  }
  const contact = await findContact(deps.db, userId);
  if (contact) {
    await deps.enqueueMail(
      passwordChangedMail({
        to: contact.email,
        name: contact.displayName,
        link: `${deps.config.publicUrl}/signin`,
      }),
    );
  }
  return response.headers.getSetCookie();
}
