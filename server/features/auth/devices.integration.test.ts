import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devicesSchema, signedOutDevicesSchema } from "../../../contracts/auth.contract";
import { outbox } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp, signUpBody } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { deviceMessages } from "./devices.service";
import { passwordMessages } from "./password.service";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const LAPTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
let ada: Member;
let other: Member;

/** The member signed in once more, from another device: its own cookie jar. */
async function signInFrom(member: Member, userAgent: string) {
  const client = t.client();
  const response = await client.post(
    "/api/auth/sign-in/email",
    { email: member.email, password: "secret-123" },
    { "user-agent": userAgent },
  );
  expect(response.status).toBe(200);
  return { ...member, client } satisfies Member;
}

async function devices(member: Member) {
  const response = await send(t, member, "GET", "/api/me/sessions");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return expectContract(devicesSchema, await response.json()).devices;
}

async function signedIn(member: Member) {
  const response = await send(t, member, "GET", "/api/session");
  return (await response.json()) !== null;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { firstName: "Ada", lastName: "Devices" });
  other = await signUp(t, { firstName: "Otto", lastName: "Other" });
});
afterAll(() => t.close());

describe("signed-in devices", () => {
  it("lists the person's devices by browser and system, this one marked, nothing secret", async () => {
    const phone = await signInFrom(ada, PHONE);
    const laptop = await signInFrom(ada, LAPTOP);
    const list = await devices(laptop);
    expect(list).toHaveLength(3);
    expect(list.filter((d) => d.current)).toHaveLength(1);
    const current = list.find((d) => d.current)!;
    expect(current).toMatchObject({ browser: "Chrome 131", system: "Windows" });
    expect(list.some((d) => d.browser === "Safari 17" && d.system === "iOS")).toBe(true);
    const text = JSON.stringify(list);
    for (const jarValue of [...phone.client.jar.values(), ...laptop.client.jar.values()]) {
      expect(text).not.toContain(jarValue.split(".")[0]);
    }
    // Another person's list never holds these.
    const others = await devices(other);
    expect(others.map((d) => d.id)).not.toContain(current.id);
  });

  it("signs one other device out at once, and refuses this one, another's and bad ids", async () => {
    const phone = await signInFrom(ada, PHONE);
    const laptop = await signInFrom(ada, LAPTOP);
    const phoneId = (await devices(phone)).find((d) => d.current)!.id;
    const laptopId = (await devices(laptop)).find((d) => d.current)!.id;
    const otherId = (await devices(other)).find((d) => d.current)!.id;
    for (const id of [laptopId, otherId, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const refused = await send(t, laptop, "DELETE", `/api/me/sessions/${id}`);
      expect(refused.status, id).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        deviceMessages.notFound,
      );
    }
    expect(await signedIn(other)).toBe(true);
    const done = await send(t, laptop, "DELETE", `/api/me/sessions/${phoneId}`);
    expect(expectContract(signedOutDevicesSchema, await done.json())).toEqual({ signedOut: 1 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });

  it("signs out every other device, keeping this one and other people's", async () => {
    const a = await signInFrom(ada, PHONE);
    const b = await signInFrom(ada, LAPTOP);
    const done = await send(t, b, "DELETE", "/api/me/sessions");
    expect(expectContract(signedOutDevicesSchema, await done.json()).signedOut).toBeGreaterThan(0);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(ada)).toBe(false);
    expect(await signedIn(b)).toBe(true);
    expect(await signedIn(other)).toBe(true);
    expect((await devices(b)).map((d) => d.current)).toEqual([true]);
    // Twice is the same: nothing else to sign out.
    const again = await send(t, b, "DELETE", "/api/me/sessions");
    expect(expectContract(signedOutDevicesSchema, await again.json())).toEqual({ signedOut: 0 });
  });

  it("answers 401 signed out", async () => {
    for (const [method, path] of [
      ["GET", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const response = await send(t, undefined, method, path);
      expect(response.status).toBe(401);
    }
  });
});

describe("changing the password", () => {
  it("signs out every other device, keeps this one, and e-mails the address", async () => {
    const bea = await signUp(t, { firstName: "Bea", lastName: "Password" });
    const phone = await signInFrom(bea, PHONE);
    const laptop = await signInFrom(bea, LAPTOP);
    const wrong = await send(t, laptop, "POST", "/api/me/password", {
      currentPassword: "not-it",
      newPassword: "a-new-secret-1",
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      passwordMessages.wrongCurrent,
    );
    expect(await signedIn(phone)).toBe(true);

    const response = await laptop.client.post("/api/me/password", {
      currentPassword: "secret-123",
      newPassword: "a-new-secret-1",
    });
    expect(response.status).toBe(200);
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(bea)).toBe(false);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, bea.email));
    expect(mails.map((m) => m.subject)).toContain("Your Vernissage password was changed");
    // The new password signs in; the old one does not.
    const fresh = t.client();
    const old = await fresh.post("/api/auth/sign-in/email", {
      email: bea.email,
      password: "secret-123",
    });
    expect(old.status).toBe(401);
    const ok = await fresh.post("/api/auth/sign-in/email", {
      email: bea.email,
      password: "a-new-secret-1",
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a too short new password and a signed-out request, changing nothing", async () => {
    const cy = await signUp(t, { firstName: "Cy", lastName: "Short" });
    const short = await send(t, cy, "POST", "/api/me/password", {
      currentPassword: "secret-123",
      newPassword: "abc",
    });
    expect(short.status).toBe(400);
    const out = await send(t, undefined, "POST", "/api/me/password", {
      currentPassword: "secret-123",
      newPassword: "a-new-secret-1",
    });
    expect(out.status).toBe(401);
    const nul = await send(t, cy, "POST", "/api/me/password", {
      currentPassword: "secret-123",
      newPassword: "a\u0000bcdefgh",
    });
    expect(nul.status).toBe(400);
    const still = await t.client().post("/api/auth/sign-in/email", {
      email: cy.email,
      password: "secret-123",
    });
    expect(still.status).toBe(200);
  });
});

describe("the approximate place of a device (decision 0057)", () => {
  it("is the country of the device's address, or Unknown place", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const client = proxied.client();
      const body = signUpBody();
      expect((await client.post("/api/auth/sign-up/email", body)).status).toBe(200);
      const abroad = proxied.client();
      const signedIn = await abroad.post(
        "/api/auth/sign-in/email",
        { email: body.email, password: body.password },
        { "x-forwarded-for": "81.2.69.160" },
      );
      expect(signedIn.status).toBe(200);
      const listed = await abroad.get("/api/me/sessions");
      const { devices: list } = expectContract(devicesSchema, await listed.json());
      expect(list.find((d) => d.current)?.place).toBe("United Kingdom");
      // The sign-up came without an address: no place, and never the address itself.
      expect(list.find((d) => !d.current)?.place).toBe(deviceMessages.unknownPlace);
      expect(JSON.stringify(list)).not.toContain("81.2.69.160");
    } finally {
      await proxied.close();
    }
  });
});
