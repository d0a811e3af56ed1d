import { describe, expect, it } from "vitest";
import { ACCOUNT_CLOSED_NOTICE, ACCOUNT_CLOSED_PATH, accountClosedNotice } from "./account-closed";

describe("accountClosedNotice", () => {
  it("says the account is closed only on ?account=closed", () => {
    expect(accountClosedNotice(new URL(ACCOUNT_CLOSED_PATH, "http://x").search)).toBe(
      ACCOUNT_CLOSED_NOTICE,
    );
    expect(accountClosedNotice("?q=blue&account=closed")).toBe(ACCOUNT_CLOSED_NOTICE);
    expect(accountClosedNotice("?account=open")).toBeNull();
    expect(accountClosedNotice("")).toBeNull();
  });
});
