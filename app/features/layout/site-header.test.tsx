// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { RootLoaderData } from "../../lib/session-user";
import { SiteHeader } from "./site-header";

afterEach(cleanup);

const collector: SessionUser = {
  id: "u1",
  email: "pia@example.com",
  firstName: "Pia",
  lastName: "Buyer",
  displayName: "Pia Buyer",
  isArtist: false,
  pendingOccupation: null,
  role: "user",
  profilePhoto: null,
  instagramHandle: null,
  websiteURL: null,
  shippingAddress: null,
  timeZone: "UTC",
  twoFactorEnabled: false,
};

/** The header under a root route whose loader says who is signed in. */
async function renderHeader(user: SessionUser | null, unreadMessages?: number | null) {
  const data: RootLoaderData = { user, timeZone: "UTC", unreadMessages };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => data,
      Component: () => (
        <>
          <SiteHeader />
          <Outlet />
        </>
      ),
      children: [{ index: true, Component: () => <p>Home</p> }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByText("Home");
}

describe("SiteHeader", () => {
  it("links every signed-in person to 'Offers' and 'My purchases', collectors and artists alike", async () => {
    for (const user of [collector, { ...collector, isArtist: true }]) {
      cleanup();
      await renderHeader(user);
      const link = screen.getByRole("link", { name: "My purchases" });
      expect(link.getAttribute("href")).toBe("/profile/purchases");
      // In the desktop bar and the side menu alike.
      const offers = screen.getAllByRole("link", { name: "Offers", hidden: true });
      expect(offers.map((a) => a.getAttribute("href"))).toEqual([
        "/profile/offers",
        "/profile/offers",
      ]);
    }
  });

  it("has no 'My purchases' for a visitor", async () => {
    await renderHeader(null);
    expect(screen.getByRole("link", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "My purchases" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Offers", hidden: true })).toBeNull();
  });

  it("links a signed-in person to Messages, naming the unread count when there is one", async () => {
    await renderHeader(collector, 3);
    const links = screen.getAllByRole("link", { name: "Messages, 3 unread", hidden: true });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/profile/messages",
      "/profile/messages",
    ]);
    cleanup();
    await renderHeader(collector, 0);
    expect(screen.getAllByRole("link", { name: "Messages", hidden: true })).toHaveLength(2);
    cleanup();
    await renderHeader(null);
    expect(screen.queryByRole("link", { name: /Messages/, hidden: true })).toBeNull();
  });
});
