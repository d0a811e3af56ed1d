import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { PublicProfile } from "../../../contracts/profiles.contract";
import { ProfilePage } from "./profile-page";
import { profilePageMessages as m } from "./profile.messages";

const collector = (overrides: Partial<PublicProfile> = {}): PublicProfile => ({
  id: "u1",
  displayName: "Jordan Ellis",
  initials: "JE",
  profilePhoto: null,
  birthYear: null,
  location: null,
  bio: "",
  instagramHandle: null,
  websiteURL: null,
  isArtist: false,
  exhibitions: [],
  ...overrides,
});

const card: ArtworkCard = {
  id: "w1",
  title: "Evening Ferry",
  createdYear: 2024,
  price: null,
  isForSale: false,
  imageThumbnail: null,
  imageMedium: null,
  imageOriginal: null,
  width: 20,
  height: 16,
  artist: { id: "a1", displayName: "Elena Marsh" },
};

type Props = Parameters<typeof ProfilePage>[0];

/** Server-renders the page as the route would, at /profile{search}. */
function render(props: Partial<Props>, search = "") {
  const Stub = createRoutesStub([
    {
      path: "/profile",
      Component: () =>
        createElement(ProfilePage, {
          profile: collector(),
          isOwn: true,
          pending: false,
          form: null,
          tab: "collection",
          artworks: [],
          ...props,
        }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [`/profile${search}`] }));
}

describe("ProfilePage", () => {
  it("renders what the person typed as text, never as markup", () => {
    const html = render({
      profile: collector({ bio: "<img src=x onerror=alert(1)>", location: "<b>Chicago</b>" }),
    });
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b&gt;Chicago&lt;/b&gt;");
    expect(html).not.toContain("<img src=x");
  });

  it("falls back to 'No bio available.' and says an empty collection so", () => {
    const html = render({});
    expect(html).toContain(m.noBio);
    expect(html).toContain(m.noCollection);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Collection</);
  });

  it("shows an artist's tabs with their empty texts and the owned works", () => {
    const artist = collector({ isArtist: true, birthYear: 1986, location: "Portland, OR" });
    expect(render({ profile: artist, isOwn: false, tab: "listings" })).toContain(m.noListings);
    const all = render({ profile: artist, isOwn: false, tab: "all" }, "?tab=all");
    expect(all).toContain(m.noArtworks);
    expect(all).toMatch(/b\. (<!-- -->)?1986/);
    expect(all).not.toContain(">Collection<");
    expect(render({ artworks: [card] })).toContain("Evening Ferry");
  });

  it("has no tabs on another collector's profile, and says 'User not found.' for none", () => {
    expect(render({ isOwn: false, tab: null })).not.toContain('role="tablist"');
    expect(render({ profile: null })).toContain(m.userNotFound);
  });

  it("offers the owner Edit Profile and tells an applicant they are pending", () => {
    const values = {
      firstName: "Jordan",
      lastName: "Ellis",
      bio: "",
      birthYear: "",
      location: "",
      instagramHandle: "",
      websiteURL: "",
    };
    const html = render({ form: values, pending: true });
    expect(html).toContain("Edit Profile");
    expect(html).toContain(m.pendingArtist);
    expect(render({ isOwn: false, tab: null })).not.toContain("Edit Profile");
  });
});
