import { describe, expect, it } from "vitest";
import { authMessages } from "../domain/auth-messages";
import { firstMessage, signInSchema, signUpSchema } from "./auth.contract";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  password: "secret1",
  occupation: "collector" as const,
  instagramHandle: "",
  websiteURL: "",
  acceptTerms: true,
};

function messageFor(input: Record<string, unknown>) {
  const result = signUpSchema.safeParse({ ...valid, ...input });
  return result.success ? null : firstMessage(result.error);
}

describe("sign-up rules, in order (SPEC §5)", () => {
  it("accepts a complete collector sign-up and normalises it", () => {
    const result = signUpSchema.parse({ ...valid, instagramHandle: "@ada" });
    expect(result).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      displayName: "Ada Lovelace",
      email: "ada@example.com",
      password: "secret1",
      pendingOccupation: null,
      instagramHandle: "ada",
      websiteURL: null,
      timeZone: "UTC",
    });
  });

  it("makes an artist an applicant", () => {
    const result = signUpSchema.parse({
      ...valid,
      occupation: "artist",
      websiteURL: "https://ada.art",
    });
    expect(result.pendingOccupation).toBe("artist");
    expect(result.websiteURL).toBe("https://ada.art/");
  });

  it.each(["firstName", "lastName", "email", "password"])("requires %s", (field) => {
    expect(messageFor({ [field]: "" })).toBe(authMessages.requiredFields);
  });

  it("requires the terms", () => {
    expect(messageFor({ acceptTerms: false })).toBe(authMessages.mustAgreeToTerms);
  });

  it("requires an artist to give a handle or a website; a lone @ is no handle", () => {
    expect(messageFor({ occupation: "artist", instagramHandle: "@" })).toBe(
      authMessages.artistNeedsLink,
    );
    expect(messageFor({ occupation: "artist", instagramHandle: "@ada" })).toBeNull();
    expect(messageFor({ occupation: "artist", websiteURL: "ada.art" })).toBeNull();
  });

  it("requires 6 characters of password", () => {
    expect(messageFor({ password: "12345" })).toBe(authMessages.weakPassword);
    expect(messageFor({ password: "123456" })).toBeNull();
  });

  it("reports one message at a time, in the SPEC's order", () => {
    const everythingWrong = {
      firstName: "",
      acceptTerms: false,
      occupation: "artist",
      password: "1",
    };
    expect(messageFor(everythingWrong)).toBe(authMessages.requiredFields);
    expect(messageFor({ ...everythingWrong, firstName: "Ada" })).toBe(
      authMessages.mustAgreeToTerms,
    );
    expect(messageFor({ ...everythingWrong, firstName: "Ada", acceptTerms: true })).toBe(
      authMessages.artistNeedsLink,
    );
    expect(
      messageFor({
        ...everythingWrong,
        firstName: "Ada",
        acceptTerms: true,
        instagramHandle: "ada",
      }),
    ).toBe(authMessages.weakPassword);
  });

  it("refuses unsafe website schemes and odd handles", () => {
    expect(messageFor({ websiteURL: "javascript:alert(1)" })).toBe(authMessages.invalidWebsite);
    expect(messageFor({ instagramHandle: "ada lovelace" })).toBe(authMessages.invalidHandle);
  });
});

describe("sign-in", () => {
  it("requires e-mail and password and lower-cases the e-mail", () => {
    expect(signInSchema.safeParse({ email: "", password: "x" }).success).toBe(false);
    expect(signInSchema.parse({ email: " Ada@Example.com ", password: "x" })).toEqual({
      email: "ada@example.com",
      password: "x",
    });
  });
});
