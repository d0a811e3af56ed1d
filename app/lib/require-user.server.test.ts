import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../contracts/auth.contract";
import { CONSOLE_REFUSED, TWO_STEP_SETUP_PATH, requireAdmin } from "./require-user.server";

const person: SessionUser = {
  id: "u1",
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  displayName: "Grace Hopper",
  isArtist: false,
  pendingOccupation: null,
  role: "admin",
  profilePhoto: null,
  instagramHandle: null,
  websiteURL: null,
  shippingAddress: null,
  timeZone: "UTC",
  twoFactorEnabled: true,
};

function contextFor(user: SessionUser | null): AppLoadContext {
  return {
    services: { auth: { getSessionUser: () => Promise.resolve(user) } },
  } as unknown as AppLoadContext;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

const request = new Request("http://localhost/admin");

describe("requireAdmin (decision 0057)", () => {
  it("lets an admin with two-step verification in", async () => {
    await expect(requireAdmin(request, contextFor(person))).resolves.toMatchObject({ id: "u1" });
  });

  it("sends an admin without two-step verification to its setup", async () => {
    const refusal = await thrown(
      requireAdmin(request, contextFor({ ...person, twoFactorEnabled: false })),
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(302);
    expect((refusal as Response).headers.get("location")).toBe(TWO_STEP_SETUP_PATH);
  });

  it("still refuses a person who is not on the team, with or without it", async () => {
    const refusal = await thrown(requireAdmin(request, contextFor({ ...person, role: "user" })));
    expect(refusal).toMatchObject({ init: { status: 403 }, data: CONSOLE_REFUSED });
  });
});
