import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_CLOSED_PATH } from "../../../domain/account-closed";
import { dataRightsMessages } from "../../../domain/data-rights";
import { dataRightsAction } from "./data-rights.server";

/** "Delete my account" closes nothing until its box is ticked (the form's confirmation). */

function setup() {
  const closeAccount = vi.fn(() => Promise.resolve());
  const context = {
    services: {
      auth: { getSessionUser: () => Promise.resolve({ id: "u1" }) },
      dataRights: { closeAccount },
      logger: { error: vi.fn(), warn: vi.fn() },
    },
  } as unknown as AppLoadContext;
  return { closeAccount, context };
}

function post(fields: Record<string, string>) {
  return new Request("http://localhost/profile/settings", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

describe("dataRightsAction, close-account", () => {
  it("refuses without the box ticked and closes nothing", async () => {
    const { closeAccount, context } = setup();
    const answer = (await settle(
      dataRightsAction(context, post({ intent: "close-account", password: "pw-123456789" })),
    )) as { data: { error: string }; init: { status: number } };
    expect(answer.data.error).toBe(dataRightsMessages.confirmRequired);
    expect(answer.init.status).toBe(400);
    expect(closeAccount).not.toHaveBeenCalled();
  });

  it("closes with the box ticked and lands on the home page's notice", async () => {
    const { closeAccount, context } = setup();
    const answer = await settle(
      dataRightsAction(
        context,
        post({ intent: "close-account", password: "pw-123456789", confirm: "yes" }),
      ),
    );
    expect(closeAccount).toHaveBeenCalledOnce();
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe(ACCOUNT_CLOSED_PATH);
  });
});
