import { describe, expect, it } from "vitest";
import { profileMessages as m } from "../../../domain/profile";
import { profileFormError, profileFormInput } from "./profile-form";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const valid = {
  firstName: "Elena",
  lastName: "Marsh",
  bio: "<img src=x onerror=alert(1)>",
  birthYear: "1986",
  location: "Portland, OR",
  instagramHandle: "@elenamarsh.studio",
  websiteURL: "elenamarsh.example.com",
};

describe("profile form", () => {
  it("reads every field as text, a missing one as blank", () => {
    expect(profileFormInput(form({ firstName: "Elena" }))).toEqual({
      firstName: "Elena",
      lastName: "",
      bio: "",
      birthYear: "",
      location: "",
      instagramHandle: "",
      websiteURL: "",
    });
  });

  it("accepts a valid edit, markup in the bio included (it is shown as text)", () => {
    expect(profileFormError(profileFormInput(form(valid)))).toBeNull();
  });

  it("refuses with the schema's message", () => {
    expect(profileFormError(profileFormInput(form({ ...valid, birthYear: "1700" })))).toBe(
      m.invalidBirthYear,
    );
    expect(profileFormError(profileFormInput(form({ ...valid, firstName: " " })))).toBe(
      m.firstNameRequired,
    );
    expect(profileFormError(profileFormInput(form({ ...valid, websiteURL: "javascript:x" })))).toBe(
      m.invalidWebsite,
    );
  });
});
