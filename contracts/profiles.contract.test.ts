import { describe, expect, it } from "vitest";
import {
  MAX_BIO_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_NAME_LENGTH,
  isPlausibleBirthYear,
  missesArtistLink,
  profileMessages as m,
} from "../domain/profile";
import { profileUpdateSchema } from "./profiles.contract";

function messageOf(input: unknown): string | undefined {
  const parsed = profileUpdateSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

function parse(input: unknown) {
  return profileUpdateSchema.parse(input);
}

describe("birth year", () => {
  const thisYear = new Date().getUTCFullYear();

  it("accepts four-digit years from 1900 to this year", () => {
    expect(isPlausibleBirthYear(1900)).toBe(true);
    expect(isPlausibleBirthYear(thisYear)).toBe(true);
    expect(parse({ birthYear: 1984 }).birthYear).toBe(1984);
    expect(parse({ birthYear: " 1984 " }).birthYear).toBe(1984);
  });

  it("is judged against the given date", () => {
    expect(isPlausibleBirthYear(2031, new Date("2030-12-31T00:00:00Z"))).toBe(false);
    expect(isPlausibleBirthYear(2030, new Date("2030-12-31T00:00:00Z"))).toBe(true);
  });

  it.each([1899, thisYear + 1, 1984.5, 99, 12345, "84", "19a4", "abcd", true])(
    "refuses %j",
    (birthYear) => {
      expect(messageOf({ birthYear })).toBe(m.invalidBirthYear);
    },
  );

  it("is cleared by an empty string or null", () => {
    expect(parse({ birthYear: "" }).birthYear).toBeNull();
    expect(parse({ birthYear: null }).birthYear).toBeNull();
  });
});

describe("length limits", () => {
  it("allows a bio of 2,000 characters, not one more", () => {
    expect(parse({ bio: "a".repeat(MAX_BIO_LENGTH) }).bio).toHaveLength(MAX_BIO_LENGTH);
    expect(messageOf({ bio: "a".repeat(MAX_BIO_LENGTH + 1) })).toBe(m.bioTooLong);
  });

  it("allows a location of 100 characters, not one more", () => {
    expect(parse({ location: "a".repeat(MAX_LOCATION_LENGTH) }).location).toHaveLength(
      MAX_LOCATION_LENGTH,
    );
    expect(messageOf({ location: "a".repeat(MAX_LOCATION_LENGTH + 1) })).toBe(m.locationTooLong);
  });

  it("keeps names present and short", () => {
    expect(messageOf({ firstName: "  " })).toBe(m.firstNameRequired);
    expect(messageOf({ lastName: "" })).toBe(m.lastNameRequired);
    expect(messageOf({ firstName: "a".repeat(MAX_NAME_LENGTH + 1) })).toBe(m.firstNameTooLong);
    expect(messageOf({ lastName: "a".repeat(MAX_NAME_LENGTH + 1) })).toBe(m.lastNameTooLong);
    expect(parse({ firstName: "  Grace ", lastName: "Hopper" })).toEqual({
      firstName: "Grace",
      lastName: "Hopper",
    });
  });
});

describe("clearing", () => {
  it("turns an empty bio into '' and other empty fields into null", () => {
    expect(
      parse({ bio: "", location: " ", instagramHandle: "", websiteURL: "", birthYear: "" }),
    ).toEqual({
      bio: "",
      location: null,
      instagramHandle: null,
      websiteURL: null,
      birthYear: null,
    });
  });

  it("leaves absent fields absent", () => {
    expect(parse({})).toEqual({});
  });
});

describe("handle and website", () => {
  it("strips a leading @ and refuses non-handle characters", () => {
    expect(parse({ instagramHandle: "@ada.paints" }).instagramHandle).toBe("ada.paints");
    expect(messageOf({ instagramHandle: "ada paints" })).toBe(m.invalidHandle);
    expect(messageOf({ instagramHandle: "<script>" })).toBe(m.invalidHandle);
  });

  it("normalises http(s) websites and refuses other schemes", () => {
    expect(parse({ websiteURL: "ada.example.com" }).websiteURL).toBe("https://ada.example.com/");
    expect(parse({ websiteURL: "http://ada.example.com/x" }).websiteURL).toBe(
      "http://ada.example.com/x",
    );
    expect(messageOf({ websiteURL: "javascript:alert(1)" })).toBe(m.invalidWebsite);
    expect(messageOf({ websiteURL: "ftp://ada.example.com" })).toBe(m.invalidWebsite);
  });
});

describe("fields the person does not own", () => {
  it("drops unknown keys", () => {
    expect(
      parse({
        bio: "Hi",
        isArtist: true,
        pendingOccupation: "artist",
        role: "admin",
        email: "x@example.com",
        payoutStatus: "active",
      }),
    ).toEqual({ bio: "Hi" });
  });
});

describe("missesArtistLink", () => {
  it("is true only for an artist without handle and website", () => {
    expect(missesArtistLink({ isArtist: true, instagramHandle: null, websiteURL: null })).toBe(
      true,
    );
    expect(missesArtistLink({ isArtist: true, instagramHandle: "ada", websiteURL: null })).toBe(
      false,
    );
    expect(missesArtistLink({ isArtist: false, instagramHandle: null, websiteURL: null })).toBe(
      false,
    );
  });
});
