import type { ApiErrorBody } from "../../../contracts/common.contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { TEST_ORIGIN, type TestApp, signUpBody } from "../../test/test-app";
import { totpCode } from "../../test/two-step";

export type Member = {
  id: string;
  email: string;
  client: ReturnType<TestApp["client"]>;
  /** The authenticator secret (base32), once two-step verification is on. */
  twoStepSecret?: string;
  /** The backup codes given when two-step verification was turned on. */
  backupCodes?: string[];
};

/**
 * Signs a new person up through the API, so they hold a real session. An admin (columns
 * `role: "admin"`) also turns two-step verification on through the API, as the console
 * requires (decision 0057), unless `twoStep: false` is given.
 */
export async function signUp(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  columns: Partial<typeof users.$inferInsert> = {},
  { twoStep = columns.role === "admin" }: { twoStep?: boolean } = {},
): Promise<Member> {
  const client = t.client();
  const body = signUpBody(overrides);
  const response = await client.post("/api/auth/sign-up/email", body);
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  // Columns a person cannot set themselves (approval, payouts, addresses) are set directly.
  if (Object.keys(columns).length) {
    await t.db.update(users).set(columns).where(eq(users.id, user.id));
  }
  const member: Member = { id: user.id, email: body.email, client };
  return twoStep ? enableTwoStep(member, String(body.password)) : member;
}

/**
 * Turns two-step verification on for the member through the API, as the settings page
 * does: the password, then the app's code; the member keeps the secret and backup codes.
 */
export async function enableTwoStep(member: Member, password: string): Promise<Member> {
  const started = await member.client.post("/api/me/two-step", { password });
  if (started.status !== 200) throw new Error(`two-step setup failed: ${started.status}`);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await member.client.post("/api/me/two-step/confirm", {
    code: await totpCode(secret),
  });
  if (confirmed.status !== 200) throw new Error(`two-step confirm failed: ${confirmed.status}`);
  const { backupCodes } = (await confirmed.json()) as { backupCodes: string[] };
  return { ...member, twoStepSecret: secret, backupCodes };
}

/** Cookie and Origin headers of a member's session (none when signed out). */
export function headersFor(member: Member | undefined, extra: Record<string, string> = {}) {
  const headers = new Headers({ origin: TEST_ORIGIN, ...extra });
  if (member?.client.jar.size) {
    headers.set("cookie", [...member.client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
  }
  return headers;
}

/**
 * A request as the member (signed out without one), the way the browser and the console
 * send it: a body as JSON, or a string as it is (to send malformed JSON).
 */
export async function send(
  t: TestApp,
  member: Member | undefined,
  method: string,
  path: string,
  body?: unknown,
) {
  const headers = headersFor(member);
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers.set("content-type", "application/json");
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  return await t.app.request(path, init);
}

/** `PATCH /api/me` as the member (or signed out without one), the way a browser sends it. */
export function patchMe(t: TestApp, member: Member | undefined, body: unknown) {
  const headers = headersFor(member, { "content-type": "application/json" });
  return t.app.request("/api/me", { method: "PATCH", headers, body: JSON.stringify(body) });
}

export async function readUser(t: TestApp, id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** An error answer (contracts/common.contract.ts). */
export type ErrorBody = ApiErrorBody;
