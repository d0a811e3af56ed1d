import { describe, expect, it } from "vitest";
import { smallPhotoAddress } from "./photo-address";

const HEX = "0123456789abcdef0123456789abcdef";

describe("smallPhotoAddress", () => {
  it("names the 96 px file after the 400 px one", () => {
    expect(smallPhotoAddress(`/files/profile_photos/user-1/${HEX}-400.webp`)).toBe(
      `/files/profile_photos/user-1/${HEX}-96.webp`,
    );
    expect(
      smallPhotoAddress(`https://cdn.example.com/profile_photos/abc-def/${HEX}-400.webp`),
    ).toBe(`https://cdn.example.com/profile_photos/abc-def/${HEX}-96.webp`);
  });

  it("keeps null", () => {
    expect(smallPhotoAddress(null)).toBeNull();
  });

  it.each([
    "https://images.example.com/portrait.jpg",
    `/files/profile_photos/user-1/${HEX}-96.webp`,
    `/files/profile_photos/user-1/NOTHEX${HEX.slice(6)}-400.webp`,
    `/files/profile_photos/${HEX}-400.webp`,
    `/files/other/user-1/${HEX}-400.webp`,
    `/files/profile_photos/user-1/${HEX}-400.webp?v=1`,
  ])("leaves any other address as it is: %s", (address) => {
    expect(smallPhotoAddress(address)).toBe(address);
  });
});
