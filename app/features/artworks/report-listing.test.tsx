// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import { listingReportMessages as lm } from "../../../domain/listing-reports";
import { ReportListing } from "./report-listing";

afterEach(cleanup);

const WORK = "11111111-1111-4111-8111-111111111111";
const ARTIST = "22222222-2222-4222-8222-222222222222";

const artwork = {
  id: WORK,
  title: "Quiet Bay",
  artist: { id: ARTIST, displayName: "Ines Artist" },
  hiddenReason: null,
} as unknown as ArtworkDetail;

const collector = { id: "33333333-3333-4333-8333-333333333333" } as SessionUser;

/** The artwork page with the report page's action, which answers as `answer` says. */
function renderPage(
  ui: React.ReactNode,
  user: SessionUser | null,
  answer: (form: FormData) => unknown = () => ({ ok: true, message: lm.reported }),
) {
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      HydrateFallback: () => null,
      Component: Outlet,
      children: [
        { path: "artwork/:artworkId", Component: () => ui },
        {
          path: "artwork/:artworkId/report",
          action: async ({ request }) => {
            const form = await request.formData();
            posted.push(form);
            return answer(form);
          },
          Component: () => null,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[`/artwork/${WORK}`]} />);
  return posted;
}

describe("ReportListing", () => {
  it("is a link to the report page that opens the dialog, with an e-mail field for a guest", async () => {
    const posted = renderPage(<ReportListing artwork={artwork} isOwner={false} />, null, (form) =>
      form.get("email")
        ? { ok: true, message: lm.reported }
        : { ok: false, error: lm.emailRequired },
    );
    const link = await screen.findByRole("link", { name: lm.reportListing });
    expect(link.getAttribute("href")).toBe(`/artwork/${WORK}/report`);
    link.focus();
    fireEvent.click(link);
    const dialog = await screen.findByRole("dialog", { name: lm.reportListing });
    expect(dialog).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Why are you reporting this listing?"), {
      target: { value: "misleading" },
    });
    fireEvent.change(screen.getByLabelText("What is wrong with it?"), {
      target: { value: "The size is wrong." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect((await screen.findByRole("alert")).textContent).toBe(lm.emailRequired);

    fireEvent.change(screen.getByLabelText("Your e-mail address"), {
      target: { value: "guest@example.org" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect((await screen.findByRole("status")).textContent).toBe(lm.reported);
    expect(posted.at(-1)?.get("reason")).toBe("misleading");
    expect(posted.at(-1)?.get("explanation")).toBe("The size is wrong.");

    const close = screen.getByRole("button", { name: "Close" });
    await waitFor(() => expect(document.activeElement).toBe(close));
    fireEvent.click(close);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it("asks a signed-in person for no address", async () => {
    renderPage(<ReportListing artwork={artwork} isOwner={false} />, collector);
    fireEvent.click(await screen.findByRole("link", { name: lm.reportListing }));
    await screen.findByRole("dialog", { name: lm.reportListing });
    expect(screen.queryByLabelText("Your e-mail address")).toBeNull();
  });

  it("is not offered to the work's artist, who finds their take-downs on a hidden work", async () => {
    const artist = { id: ARTIST } as SessionUser;
    renderPage(<ReportListing artwork={artwork} isOwner />, artist);
    await waitFor(() => expect(screen.queryByRole("link", { name: lm.reportListing })).toBeNull());
    cleanup();
    renderPage(
      <ReportListing artwork={{ ...artwork, hiddenReason: "Taken down." }} isOwner />,
      artist,
    );
    const link = await screen.findByRole("link", { name: "Your taken-down listings and appeals" });
    expect(link.getAttribute("href")).toBe("/profile/takedowns");
  });
});
