import { describe, expect, it } from "vitest";
import { instagramLink, websiteLink } from "./social-links";

describe("instagramLink", () => {
  it("links the handle on Instagram", () => {
    expect(instagramLink("elenamarsh.studio")).toEqual({
      href: "https://www.instagram.com/elenamarsh.studio",
      label: "@elenamarsh.studio",
    });
  });

  it("drops a leading @ and blanks, and is null without a handle", () => {
    expect(instagramLink(" @camille.draws ")?.href).toBe("https://www.instagram.com/camille.draws");
    expect(instagramLink(null)).toBeNull();
    expect(instagramLink("")).toBeNull();
    expect(instagramLink("@")).toBeNull();
  });

  it("cannot leave the profile path", () => {
    expect(instagramLink("a/../../evil?x=1")?.href).toBe(
      "https://www.instagram.com/a%2F..%2F..%2Fevil%3Fx%3D1",
    );
  });
});

describe("websiteLink", () => {
  it("keeps an http(s) address and labels it by host and path", () => {
    expect(websiteLink("https://elenamarsh.example.com")).toEqual({
      href: "https://elenamarsh.example.com/",
      label: "elenamarsh.example.com",
    });
    expect(websiteLink("http://www.example.com/portfolio/")).toEqual({
      href: "http://www.example.com/portfolio/",
      label: "example.com/portfolio",
    });
  });

  it("adds https:// to a bare host", () => {
    expect(websiteLink("studio.example.org")).toEqual({
      href: "https://studio.example.org/",
      label: "studio.example.org",
    });
  });

  it("refuses script and other schemes, and text that is no address", () => {
    expect(websiteLink("javascript:alert(1)")).toBeNull();
    expect(websiteLink("data:text/html,hi")).toBeNull();
    expect(websiteLink("mailto:a@example.com")).toBeNull();
    expect(websiteLink("my website")).toBeNull();
    expect(websiteLink(null)).toBeNull();
    expect(websiteLink("  ")).toBeNull();
  });
});
