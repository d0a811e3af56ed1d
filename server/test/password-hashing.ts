import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../features/auth/password-hashing";

/**
 * The integration tests' password hashing: the same scrypt, salt and `salt:key` form as
 * Better Auth's, at a cost 32 times lower (N = 1024, r = 8 instead of N = 16384, r = 16).
 * A test signs up, signs in and buys as a guest hundreds of times, and at Better Auth's
 * cost that was a large share of an integration run's CPU (docs/performance.md, "Test
 * suite time"), which is what the cost is for: slowing guessing, not tests (as Devise's
 * `stretches = 1` and Django's test hashers do). Every hash is still made and checked:
 * a wrong password fails. The servers the tests start as processes, the journeys' server
 * and every real server use Better Auth's (server/features/auth/password-hashing.ts).
 */
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }) => {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const expected = Buffer.from(key, "hex");
    const derived = await derive(password, salt);
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
