import { describe, expect, it } from "vitest";
import { closedAccountEmail, closedAccountName } from "./data-rights";

describe("a closed account's names", () => {
  const id = "3f2b8c1e-9a4d-4e6f-8b2a-0c1d2e4f2a1c";

  it("is 'Deleted member' and the id's last six characters, upper case", () => {
    expect(closedAccountName(id)).toBe("Deleted member 4F2A1C");
    expect(closedAccountName("00000000-0000-4000-8000-000000abcdef")).toBe("Deleted member ABCDEF");
  });

  it("has an address that is unique and never deliverable", () => {
    expect(closedAccountEmail(id)).toBe(`closed-${id}@deleted.invalid`);
    expect(closedAccountEmail(id)).not.toBe(
      closedAccountEmail("00000000-0000-4000-8000-000000abcdef"),
    );
  });
});
