import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_BACKUP_CODES } from "./demo-two-step";
import { BACKUP_CODE_ALPHABET, generateBackupCodes, normalizeBackupCode } from "./backup-codes";

describe("generateBackupCodes", () => {
  it("makes 10 distinct lower-case codes without look-alike characters", () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      expect(code).toBe(normalizeBackupCode(code));
    }
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01ilo]/);
  });
});

describe("normalizeBackupCode", () => {
  it("lower-cases and drops spaces, so a code typed in upper case matches", () => {
    expect(normalizeBackupCode("  AB3CD-EF4GH ")).toBe("ab3cd-ef4gh");
    expect(normalizeBackupCode("ab3cd - ef4gh")).toBe("ab3cd-ef4gh");
    expect(normalizeBackupCode(" DEMO0-00001")).toBe(DEMO_ADMIN_BACKUP_CODES[0]);
  });
});
