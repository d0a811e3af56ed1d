// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { PublicProfile } from "../../../contracts/profiles.contract";
import { HIDDEN_MARK } from "../../components/artwork-card";
import { RouteLoadError } from "../../components/load-error";
import { ProfilePage } from "./profile-page";
import { profilePageMessages as m } from "./profiles.messages";

afterEach(cleanup);

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
  offersOnly: false,
  imageThumbnail: null,
  imageMedium: null,
  imageOriginal: null,
  width: 20,
  height: 16,
  artist: { id: "a1", displayName: "Elena Marsh" },
};

type Props = Parameters<typeof ProfilePage>[0];

/** Renders the page as the route would, at /profile{search} (one page at a time). */
function renderPage(props: Partial<Props>, search = "") {
  cleanup();
  const Stub = createRoutesStub([
    {
      path: "/profile",
      Component: () => (
        <ProfilePage
          profile={collector()}
          isOwn
          pending={false}
          form={null}
          tab="collection"
          artworks={[]}
          {...props}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={[`/profile${search}`]} />).container;
}

describe("ProfilePage", () => {
  it("renders what the person typed as text, never as markup", () => {
    const page = renderPage({
      profile: collector({ bio: "<img src=x onerror=alert(1)>", location: "<b>Chicago</b>" }),
    });
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(screen.getByText("<b>Chicago</b>", { exact: false })).toBeTruthy();
    expect(page.querySelector('img[src="x"]')).toBeNull();
    expect(page.querySelector("b")).toBeNull();
  });

  it("links the own profile to 'My purchases', a collector's and an artist's alike, and nobody else's", () => {
    for (const profile of [collector(), collector({ isArtist: true })]) {
      renderPage({ profile });
      const link = screen.getByRole("link", { name: "My purchases" });
      expect(link.getAttribute("href")).toBe("/profile/purchases");
      const offers = screen.getByRole("link", { name: "My offers" });
      expect(offers.getAttribute("href")).toBe("/profile/offers");
      renderPage({ profile, isOwn: false, tab: null });
      expect(screen.queryByRole("link", { name: "My purchases" })).toBeNull();
      expect(screen.queryByRole("link", { name: "My offers" })).toBeNull();
    }
  });

  it("falls back to 'No bio available.' and says an empty collection so", () => {
    renderPage({});
    expect(screen.getByText(m.noBio)).toBeTruthy();
    expect(screen.getByText(m.noCollection)).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Collection", selected: true })).toBeTruthy();
  });

  it("shows an artist's tabs with their empty texts and the owned works", () => {
    const artist = collector({ isArtist: true, birthYear: 1986, location: "Portland, OR" });
    renderPage({ profile: artist, isOwn: false, tab: "listings" });
    expect(screen.getByText(m.noListings)).toBeTruthy();
    renderPage({ profile: artist, isOwn: false, tab: "all" }, "?tab=all");
    expect(screen.getByText(m.noArtworks)).toBeTruthy();
    expect(screen.getByText("b. 1986", { exact: false })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Collection" })).toBeNull();
    renderPage({ artworks: [card] });
    expect(screen.getByText("Evening Ferry")).toBeTruthy();
  });

  it("marks a work the team hid 'Hidden by the team' with the reason, in place of its price", () => {
    const artist = collector({ isArtist: true });
    const listed = { ...card, id: "w2", title: "Harbour Light", price: 50_000, isForSale: true };
    const hidden = { ...card, id: "w3", title: "Veiled", price: 42_000, isForSale: true };
    renderPage(
      {
        profile: artist,
        tab: "all",
        artworks: [listed, { ...hidden, hiddenReason: "Shows another artist's work." }],
      },
      "?tab=all",
    );
    const cards = screen.getAllByRole("link").filter((a) => a.className === "artwork-card");
    const veiled = cards.find((a) => a.textContent?.includes("Veiled"));
    expect(veiled?.textContent).toContain(HIDDEN_MARK);
    expect(veiled?.textContent).toContain("Shows another artist's work.");
    expect(veiled?.textContent).not.toContain("$420");
    const harbour = cards.find((a) => a.textContent?.includes("Harbour Light"));
    expect(harbour?.textContent).not.toContain(HIDDEN_MARK);
    expect(harbour?.textContent).toContain("$500");
  });

  it("has no tabs on another collector's profile, and says 'User not found.' for none", async () => {
    renderPage({ isOwn: false, tab: null });
    expect(screen.queryByRole("tablist")).toBeNull();
    // No profile: the loader throws the text and the route's boundary shows it.
    cleanup();
    const Stub = createRoutesStub([
      {
        path: "/profile/:userId",
        Component: () => null,
        ErrorBoundary: () => <RouteLoadError fallback={m.loadFailed} />,
        HydrateFallback: () => null,
        loader: () => {
          throw data(m.userNotFound, { status: 404 });
        },
      },
    ]);
    render(<Stub initialEntries={["/profile/u9"]} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(m.userNotFound);
  });

  it("offers the owner Edit Profile and tells an applicant they are pending", async () => {
    const values = {
      firstName: "Jordan",
      lastName: "Ellis",
      bio: "",
      birthYear: "",
      location: "",
      instagramHandle: "",
      websiteURL: "",
    };
    renderPage({ form: values, pending: true });
    // The owner's parts arrive after the page (loaded on demand).
    expect(await screen.findByRole("button", { name: "Edit Profile" })).toBeTruthy();
    expect(screen.getByText(m.pendingArtist)).toBeTruthy();
    renderPage({ isOwn: false, tab: null });
    expect(screen.queryByText("Edit Profile")).toBeNull();
  });
});
