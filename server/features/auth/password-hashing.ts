import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * How passwords are turned into stored hashes and checked against them: sign-up, sign-in,
 * a password reset, the demo accounts, and the unknown random password of an account a
 * guest's purchase or offer creates. One pair for all of them, so every hash a server
 * writes is one its sign-in can check.
 */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * What every server uses: Better Auth's own (scrypt, N = 16384, r = 16, p = 1: a
 * noticeable share of a second of CPU per hash or check, which is the point). Only the integration
 * tests hand createServices a cheaper scrypt (server/test/password-hashing.ts).
 */
export const betterAuthPasswordHashing: PasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
};
