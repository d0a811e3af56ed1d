import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { generateBackupCodes } from "../../../domain/backup-codes";
import { MIN_PASSWORD_LENGTH } from "../../../domain/auth-messages";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "../../db/schema";
import { CLIENT_IP_HEADER } from "../../http/client-ip";
import type { Logger } from "../../logger";
import type { NewMail } from "../mail/mail.api";
import { passwordResetMail } from "./auth.mails";
import type { PasswordHashing } from "./password-hashing";
import { deleteResetTokens, isResetToken } from "./reset-tokens.repository";

export type BetterAuthDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  enqueueMail: (mail: NewMail) => Promise<void>;
  passwordHashing: PasswordHashing;
};

/**
 * Better Auth owns passwords, sessions and reset tokens; our extra profile fields
 * live on the same `users` row. Fields a person must not set (isArtist, role) are
 * not inputs here, so a sign-up body cannot set them.
 */
export function createBetterAuth({
  config,
  db,
  logger,
  enqueueMail,
  passwordHashing,
}: BetterAuthDeps) {
  const secure = config.publicUrl.startsWith("https:");

  return betterAuth({
    appName: "Vernissage",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.sessionSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    user: {
      fields: { name: "displayName", image: "profilePhoto", updatedAt: "lastModified" },
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        lastName: { type: "string", required: true, input: true },
        pendingOccupation: { type: "string", required: false, input: true },
        instagramHandle: { type: "string", required: false, input: true },
        websiteURL: { type: "string", required: false, input: true },
        timeZone: { type: "string", required: false, input: true, defaultValue: "UTC" },
        isArtist: { type: "boolean", required: false, input: false, defaultValue: false },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: passwordHashing.hash, verify: passwordHashing.verify },
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(passwordResetMail({ to: user.email, name: user.name, link }));
      },
      // Better Auth ends only the link that was used; a changed password ends them all.
      async onPasswordReset({ user }) {
        await deleteResetTokens(db, user.id);
      },
    },
    databaseHooks: {
      verification: {
        create: {
          // Only the newest reset link works: issuing one ends every earlier one.
          async after(verification) {
            if (!isResetToken(verification.identifier)) return;
            await deleteResetTokens(db, verification.value, verification.createdAt);
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 20 },
        "/request-password-reset": { window: 60, max: 10 },
        // The plugin's own 3 per 10 s would refuse a person who mistypes twice; each sign-in
        // challenge also allows 5 codes and an account 10 wrong ones in a row (decision 0057).
        "/two-factor/*": { window: 60, max: 30 },
      },
    },
    advanced: {
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      // Decision 0057: an authenticator app (TOTP) and 10 single-use backup codes, both
      // kept encrypted; no e-mailed codes, no "trust this device".
      twoFactor({
        issuer: "Vernissage",
        totpOptions: { digits: 6, period: 30 },
        // Lower case without look-alikes, so a code copied by hand works (domain/backup-codes).
        backupCodeOptions: {
          customBackupCodesGenerate: () => generateBackupCodes(10, 10),
          storeBackupCodes: "encrypted",
        },
      }),
    ],
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic; only the library's errors reach our log.
    logger: {
      level: "error",
      log: (_level, message, ...args) =>
        logger.error(`auth: ${message}`, args.length ? { details: args } : undefined),
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
