import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import {
  NY_ADDRESS,
  type ErrorBody,
  buy,
  complete,
  confirmCard,
  guestEmail,
  mailTo,
  startedPayment,
} from "./checkout.test-helpers";
import { purchasesSchema } from "../../../contracts/checkout.contract";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { PURCHASE_PASSWORD_DAYS } from "./purchase-password";

/**
 * A guest whose purchase made their account reaches their order from the confirmation
 * e-mail or the success page: one link that sets a password once, before it expires.
 */

const NEW_PASSWORD = "chosen-by-guest-1";
let t: TestApp;
let artist: Awaited<ReturnType<typeof createArtist>>;
let collector: Member;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.db);
  collector = await signUp(t, { firstName: "Jordan", lastName: "Ellis" });
});
afterAll(() => t.close());

function newArtwork() {
  return createArtwork(t.db, { artistId: artist.id, priceCents: 40_000 });
}

/** The set-password link of the guest's confirmation e-mail, as a path. */
async function mailedLink(app: TestApp, email: string): Promise<string> {
  const [mail] = (await mailTo(app, email)).filter((row) => row.kind === "purchase-confirmation");
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail?.textBody ?? "")?.[0];
  if (!link) throw new Error(`no set-password link in: ${mail?.textBody}`);
  return link.slice(new URL(link).origin.length);
}

function tokenOf(path: string): string {
  return new URL(path, "http://x").searchParams.get("token") ?? "";
}

describe("the set-password link of a guest's new account", () => {
  it("is in the confirmation e-mail and on the payer's answer, sets the password once, and the order is there", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("stranded");
    const client = t.client();
    const bought = await buy(client, artwork.id, { email, name: "Gus Guest" });
    expect(bought.accountMessage).toBe(m.guestAccountCreated);
    const link = await mailedLink(t, email);
    expect(bought.setPasswordPath).toBe(link);
    expect(new URL(link, "http://x").searchParams.get("next")).toBe("/profile/purchases");
    const mail = (await mailTo(t, email)).find((row) => row.kind === "purchase-confirmation");
    expect(mail?.textBody).toContain("An account was created for you with this email address.");
    expect(mail?.textBody).toContain("'Reset Password'");

    const token = tokenOf(link);
    const first = await client.post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(first.status).toBe(200);
    // Used once: a second use fails, and the payer's answer no longer carries it.
    const second = await client.post("/api/auth/reset-password", {
      token,
      newPassword: "other-pass-2",
    });
    expect(second.status).toBe(400);
    expect(((await second.json()) as ErrorBody).error.code).toBe("INVALID_TOKEN");
    const again = await complete(client, bought.payment);
    expect(((await again.json()) as { setPasswordPath: string | null }).setPasswordPath).toBeNull();

    const signIn = await client.post("/api/auth/sign-in/email", { email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);
    const history = expectContract(
      purchasesSchema,
      await (await client.get("/api/me/purchases")).json(),
    );
    expect(history.purchases.map((p) => p.id)).toContain(bought.orderId);
  });

  it("lets only one of two submits at once set the password", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("double");
    const bought = await buy(t.client(), artwork.id, { email });
    const token = tokenOf(bought.setPasswordPath ?? "");
    const answers = await Promise.all(
      ["first-choice-1", "second-choice-2"].map((newPassword) =>
        t.client().post("/api/auth/reset-password", { token, newPassword }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("is refused with a clear message for a bad or oversized token, and changes nothing", async () => {
    const client = t.client();
    for (const token of ["nope", "x".repeat(5_000), "a\u0000b"]) {
      const answer = await client.post("/api/auth/reset-password", {
        token,
        newPassword: "abcdef1",
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as ErrorBody).error.message).toMatch(/invalid|expired|not/i);
    }
  });

  it("is never given for an account the e-mail matched, and the answer holds nothing of that account", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const bought = await buy(client, artwork.id, { email: collector.email });
    const { payment: _payment, ...answer } = bought;
    expect(Object.keys(answer).sort()).toEqual([
      "accountMessage",
      "artworkId",
      "orderId",
      "setPasswordPath",
    ]);
    expect(answer).toMatchObject({
      artworkId: artwork.id,
      accountMessage: m.guestAccountMatched,
      setPasswordPath: null,
    });
    expect(JSON.stringify(answer)).not.toMatch(/Jordan|Ellis|collector/i);
    const mail = (await mailTo(t, collector.email)).find(
      (row) => row.kind === "purchase-confirmation",
    );
    expect(mail?.textBody).not.toContain("reset-password");
    expect(client.jar.size).toBe(0);
  });
});

describe("an expired set-password link", () => {
  let clocked: TestApp;
  const clock = testClock(new Date(Date.now() - (PURCHASE_PASSWORD_DAYS + 1) * 86_400_000));
  beforeAll(async () => {
    clocked = await createTestApp({}, { now: clock.now });
  });
  afterAll(() => clocked.close());

  it("no longer sets a password, and the payer is no longer offered it", async () => {
    const seller = await createArtist(clocked.db);
    const artwork = await createArtwork(clocked.db, { artistId: seller.id, priceCents: 40_000 });
    const email = guestEmail("late");
    const client = clocked.client();
    const bought = await buy(client, artwork.id, { email, shippingAddress: NY_ADDRESS });
    const token = tokenOf(await mailedLink(clocked, email));
    // Issued PURCHASE_PASSWORD_DAYS + 1 days ago by the sale's clock: expired today.
    const answer = await client.post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as ErrorBody).error.code).toBe("INVALID_TOKEN");
    clock.advanceDays(PURCHASE_PASSWORD_DAYS + 1);
    const again = await complete(client, bought.payment);
    expect(((await again.json()) as { setPasswordPath: string | null }).setPasswordPath).toBeNull();
  });
});

describe("a guest account that cannot be made", () => {
  it("answers a 500 with the SPEC's words for people, never the database's", async () => {
    allowConsoleError(); // the cause is logged for us
    const artwork = await newArtwork();
    const email = guestEmail("no-account");
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email, name: "Nell Noaccount" });
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(200);
    // The database refuses the new account, with an error naming its own internals.
    await t.db.execute(
      sql.raw(
        `alter table users add constraint test_no_guest_accounts check (email <> '${email}') not valid`,
      ),
    );
    try {
      const response = await complete(client, payment);
      expect(response.status).toBe(500);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.message).toBe(m.guestAccountFailed);
      expect(JSON.stringify(body)).not.toMatch(/constraint|violates|users|test_no_guest_accounts/i);
    } finally {
      await t.db.execute(sql.raw("alter table users drop constraint test_no_guest_accounts"));
    }
  });
});
