// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminApplication } from "../../../contracts/admin-applications.contract";
import { ApplicationsQueue } from "./applications-queue";

afterEach(cleanup);

const item = (overrides: Partial<AdminApplication> = {}): AdminApplication => ({
  id: "p1",
  userId: "u1",
  state: "waiting",
  appliedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
  firstName: "Mira",
  lastName: "Okafor",
  displayName: "Mira Okafor",
  email: "mira@example.com",
  instagramHandle: "mira.paints",
  websiteURL: null,
  note: "I paint harbours.",
  answer: "In Lisbon.",
  bio: "",
  profilePhoto: null,
  signedUpAt: "2026-11-19T10:00:00.000Z",
  teamMessage: "Which city do you work in?",
  decidedAt: "2026-11-20T12:00:00.000Z",
  decidedByEmail: "admin@example.com",
  earlierApplications: 0,
  images: [],
  ...overrides,
});

function show(applications: AdminApplication[], notice?: string) {
  const counts = { waiting: 1, info_requested: 0, approved: 0, declined: 0 };
  const Stub = createRoutesStub([
    {
      path: "/admin/applications",
      Component: () => (
        <ApplicationsQueue page={{ applications, next: null, counts }} notice={notice} />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/admin/applications"]} />);
}

describe("ApplicationsQueue", () => {
  it("shows the pictures of the applicant's work as thumbnails that open full size", () => {
    const picture = (n: number) => ({
      id: `i${n}`,
      original: `/media/applications/u1/p${n}-original.jpg`,
      medium: `/media/applications/u1/p${n}-medium.webp`,
      thumbnail: `/media/applications/u1/p${n}-thumbnail.webp`,
      width: 1200,
      height: 900,
    });
    show([item({ images: [picture(1), picture(2)] })]);
    const card = screen.getByRole("article", { name: "Mira Okafor" });
    const list = within(card).getByRole("list", { name: "Pictures of Mira Okafor's work" });
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      picture(1).original,
      picture(2).original,
    ]);
    const thumbs = within(list).getAllByRole("img");
    expect(thumbs.map((i) => i.getAttribute("src"))).toEqual([
      picture(1).thumbnail,
      picture(2).thumbnail,
    ]);
    // The link's name is its picture's text: what it is, and that it opens full size.
    expect(within(list).getByRole("link", { name: "Picture 1 of 2, opens full size" })).toBe(
      links[0],
    );
  });

  it("says when an applicant attached no pictures", () => {
    show([item()]);
    const card = screen.getByRole("article", { name: "Mira Okafor" });
    expect(within(card).getByText("No pictures attached.")).toBeTruthy();
  });

  it("shows Note, then the team's question, then the applicant's answer", () => {
    show([item()]);
    const card = screen.getByRole("article", { name: "Mira Okafor" });
    const headings = within(card)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(["Their work", "Bio", "Note", "The team asked", "Applicant's answer"]);
  });

  it("names the person once; first and last name only where they differ", () => {
    show([
      item(),
      item({ id: "p2", userId: "u2", displayName: "mira.art", email: "m2@example.com" }),
    ]);
    const same = screen.getByRole("article", { name: "Mira Okafor" });
    expect(within(same).queryByText(/Mira Okafor ·/)).toBeNull();
    const other = screen.getByRole("article", { name: "mira.art" });
    expect(within(other).getByText(/Mira Okafor ·/)).toBeTruthy();
  });

  it("keeps the decision's notice after the card has left the list (its form is gone)", async () => {
    let decided = false;
    const counts = { waiting: 1, info_requested: 0, approved: 0, declined: 0 };
    function Page() {
      const applications = useLoaderData<AdminApplication[]>();
      return <ApplicationsQueue page={{ applications, next: null, counts }} />;
    }
    const Stub = createRoutesStub([
      {
        path: "/admin/applications",
        Component: Page,
        loader: () => (decided ? [] : [item()]),
        action: () => {
          decided = true;
          return { ok: true, message: "Mira Okafor is approved; we e-mailed them." };
        },
      },
    ]);
    render(<Stub initialEntries={["/admin/applications"]} />);
    const card = await screen.findByRole("article", { name: "Mira Okafor" });
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("article")).toBeNull());
    expect(screen.getByRole("status").textContent).toBe(
      "Mira Okafor is approved; we e-mailed them.",
    );
  });

  it("shows the page-level notice in a status region", () => {
    show([], "Mira Okafor is approved; we e-mailed them.");
    expect(screen.getByRole("status").textContent).toBe(
      "Mira Okafor is approved; we e-mailed them.",
    );
    expect(screen.getByText("No applications are waiting for the team.")).toBeTruthy();
  });
});
