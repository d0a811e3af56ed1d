import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { emailChangeMessages as m } from "../../domain/auth-messages";
import { action } from "./confirm-email";

/** The confirm page says what is true: signed in here still, or signed out everywhere. */

function run(signedIn: boolean) {
  const confirm = vi.fn(() => Promise.resolve({ email: "new@example.com", signedIn }));
  const context = {
    services: {
      emailChange: { confirm },
      logger: { error: vi.fn(), warn: vi.fn() },
    },
  } as unknown as AppLoadContext;
  const request = new Request("http://localhost/confirm-email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: "abc" }).toString(),
  });
  return action({ request, context, params: {} } as Parameters<typeof action>[0]);
}

describe("confirm-email action", () => {
  it("says every other device was signed out when this browser stays signed in", async () => {
    const answer = (await run(true)) as { data: { notice: string; signedIn: boolean } };
    expect(answer.data).toMatchObject({ notice: m.changed, signedIn: true });
  });

  it("says the person is signed out everywhere when the link was opened elsewhere", async () => {
    const answer = (await run(false)) as { data: { notice: string; signedIn: boolean } };
    expect(answer.data).toMatchObject({ notice: m.changedSignedOut, signedIn: false });
    expect(m.changedSignedOut).toContain("Sign in with your new address");
  });
});
