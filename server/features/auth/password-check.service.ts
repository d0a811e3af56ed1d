import { passwordHashOf } from "../users/users.api";
import type { PasswordHashing } from "./password-hashing";

/**
 * Whether `password` is the person's own, for a step that must be confirmed with it
 * (closing the account): "none" when the account has no password (a guest's).
 */
export async function checkPassword(
  deps: { db: Parameters<typeof passwordHashOf>[0]; passwordHashing: PasswordHashing },
  userId: string,
  password: string,
): Promise<"ok" | "wrong" | "none"> {
  const hash = await passwordHashOf(deps.db, userId);
  if (!hash) return "none";
  return (await deps.passwordHashing.verify({ hash, password })) ? "ok" : "wrong";
}
