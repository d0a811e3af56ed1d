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
};

/** The header under a root route whose loader says who is signed in. */
async function renderHeader(user: SessionUser | null) {
  const data: RootLoaderData = { user, timeZone: "UTC" };
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
});
