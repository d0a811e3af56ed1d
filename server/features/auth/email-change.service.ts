import { randomBytes } from "node:crypto";
import { type EmailChange, emailChangeMessages as m } from "../../../contracts/auth.contract";
import { authMessages } from "../../../domain/auth-messages";
import { UNIQUE_VIOLATION, pgErrorCode } from "../../db/pg-errors";
import { AppError } from "../../errors";
import { enqueueMail } from "../mail/mail.api";
import {
  clearSignInFailures,
  countRecentSignInFailures,
  deleteSessionsOf,
  deleteSessionsWhere,
  findContact,
  findUserIdByEmail,
  recordSignInFailure,
  setEmail,
} from "../users/users.api";
import { emailChangeLinkMail, emailChangedMail } from "./auth.mails";
import {
  type AuthDeps,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
} from "./auth.service";
import { consumeEmailChange, insertEmailChange } from "./email-change.repository";

/**
 * Changing the e-mail address (decision 0057): the new address and the password; a link
 * goes to the new address (24 hours, the newest only); opening it changes the address,
 * signs out every other device and tells the old address. Wrong passwords count toward
 * the sign-in throttle of the account's address.
 */

export type EmailChangeDeps = AuthDeps & { kickOutbox: () => void; now: () => Date };

const LINK_HOURS = 24;

async function checkPassword(deps: AuthDeps, userId: string, password: string): Promise<void> {
  const context = await deps.betterAuth.$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  if (!hash) throw new AppError("CONFLICT", 409, m.noPassword);
  if (!(await context.password.verify({ hash, password }))) {
    throw new AppError("VALIDATION_FAILED", 400, m.wrongPassword);
  }
}

export async function requestEmailChange(
  deps: EmailChangeDeps,
  userId: string,
  { newEmail, password }: EmailChange,
): Promise<void> {
  const { db } = deps;
  const contact = await findContact(db, userId);
  if (!contact) throw new AppError("UNAUTHENTICATED", 401, m.signIn);
  const current = contact.email.toLowerCase();
  if (
    (await countRecentSignInFailures(db, current, SIGN_IN_FAILURE_WINDOW_SECONDS)) >=
    SIGN_IN_FAILURE_LIMIT
  ) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.tooManyAttempts);
  }
  try {
    await checkPassword(deps, userId, password);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      await recordSignInFailure(db, current, undefined);
    }
    throw error;
  }
  await clearSignInFailures(db, current);
  if (newEmail === current) throw new AppError("VALIDATION_FAILED", 400, m.sameEmail);
  if (await findUserIdByEmail(db, newEmail)) throw new AppError("EMAIL_IN_USE", 409, m.inUse);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(deps.now().getTime() + LINK_HOURS * 3600_000);
  const link = `${deps.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await insertEmailChange(tx, { token, userId, newEmail, expiresAt });
    await enqueueMail(tx, emailChangeLinkMail({ to: newEmail, name: contact.displayName, link }));
  });
  deps.kickOutbox();
}

/** The new address, and whether the browser that opened the link is still signed in. */
export type EmailChanged = { email: string; signedIn: boolean };

/**
 * Opens the link: the address changes, every session of the person but `keep`
 * (the browser that opened it, if it is theirs) ends, and the old address is told. The
 * link is used up in the same transaction, so a double submit changes it once.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  token: string,
  keep: { userId: string; sessionId: string } | null,
): Promise<EmailChanged> {
  const { db } = deps;
  let email = "";
  let signedIn = false;
  try {
    // One transaction: the link used up, the address, the sessions and the old address's
    // e-mail, all or nothing (a crash between them leaves the link to open again).
    await db.transaction(async (tx) => {
      const changed = await consumeEmailChange(tx, token, deps.now());
      if (!changed) throw new AppError("INVALID_TOKEN", 400, m.linkInvalid);
      const { userId, newEmail } = changed;
      const old = await findContact(tx, userId);
      if (!old) throw new AppError("INVALID_TOKEN", 400, m.linkInvalid);
      const other = await findUserIdByEmail(tx, newEmail);
      if (other && other !== userId) throw new AppError("EMAIL_IN_USE", 409, m.inUse);
      await setEmail(tx, userId, newEmail);
      if (keep && keep.userId === userId) {
        await deleteSessionsWhere(tx, userId, { allBut: keep.sessionId });
        signedIn = true;
      } else {
        await deleteSessionsOf(tx, userId);
      }
      await enqueueMail(
        tx,
        emailChangedMail({
          to: old.email,
          name: old.displayName,
          newEmail,
          teamEmail: deps.config.teamEmail,
          contactLink: `${deps.config.publicUrl}/contact`,
        }),
      );
      email = newEmail;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError("EMAIL_IN_USE", 409, m.inUse);
    throw error;
  }
  deps.kickOutbox();
  return { email, signedIn };
}

/** `confirmEmailChange` from a request: the browser's own session, if any, stays signed in. */
export async function confirmEmailChangeFrom(
  deps: EmailChangeDeps,
  token: string,
  headers: Headers,
): Promise<EmailChanged> {
  const session = await deps.betterAuth.api.getSession({ headers }).catch(() => null);
  const keep = session ? { userId: session.user.id, sessionId: session.session.id } : null;
  return confirmEmailChange(deps, token, keep);
}
