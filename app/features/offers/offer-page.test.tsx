// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Outlet, createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { OfferView } from "../../../contracts/offers.contract";
import { offerMessages as m } from "../../../domain/offers";
import type { OfferPageState } from "../../lib/offer-page-state";
import { OfferPage } from "./offer-page";
import { OffersList } from "./offers-list";

afterEach(cleanup);

function offer(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: "f1",
    artwork: {
      id: "w1",
      title: "Salt Marsh",
      imageThumbnail: "/media/a/w1-thumbnail.webp",
      artistName: "Ines Moreau",
      priceCents: null,
    },
    status: "open",
    statusText: "Waiting for the artist's reply",
    awaiting: "artist",
    rounds: 1,
    amountCents: 120_000,
    taxAmount: 9_900,
    totalAmount: 129_900,
    note: "Would you ship to Maine?",
    buyerName: "Pia Buyer",
    shippingAddress: { line1: "1 Main St", city: "Portland", state: "ME", postal_code: "04101" },
    expiresAt: "2026-11-26T15:05:00.000Z",
    declineReason: null,
    declineMessage: null,
    orderId: null,
    createdAt: "2026-11-24T15:05:00.000Z",
    viewerRole: "artist",
    moves: ["accept", "counter", "decline"],
    history: [
      {
        actor: "buyer",
        kind: "made",
        amountCents: 120_000,
        message: null,
        at: "2026-11-24T15:05:00.000Z",
      },
    ],
    ...overrides,
  };
}

/** The card moves' stand-in: says which it is, so the test sees what the page asks for. */
function CardMove({ move }: { move: "accept" | "counter" }) {
  return <p>card move: {move}</p>;
}

function renderPage(
  view: OfferView,
  arrival: OfferPageState = { accountMessage: null, message: null },
) {
  const Stub = createRoutesStub([
    {
      path: "/offers/:offerId",
      Component: () => (
        <OfferPage offer={view} accessKey="k1" arrival={arrival} CardMove={CardMove} />
      ),
      action: () => null,
    },
  ]);
  return render(<Stub initialEntries={["/offers/f1?key=k1"]} />).container;
}

/** The page for a signed-in viewer: under a root route whose loader says who it is. */
async function renderSignedIn(view: OfferView) {
  const user = { id: "u1", displayName: "Pia Buyer" } as SessionUser;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      Component: Outlet,
      children: [
        {
          path: "offers/:offerId",
          Component: () => (
            <OfferPage
              offer={view}
              accessKey={null}
              arrival={{ accountMessage: null, message: null }}
              CardMove={CardMove}
            />
          ),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/offers/f1"]} />);
  await screen.findByRole("heading", { level: 1 });
}

describe("OfferPage", () => {
  it("shows the artist the work, the amount, the buyer, the note, the expiry and their three moves", () => {
    renderPage(offer());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Offer on Salt Marsh");
    expect(screen.getByText("$1,200")).toBeTruthy();
    expect(screen.getByText("Pia Buyer")).toBeTruthy();
    expect(screen.getByText("Would you ship to Maine?")).toBeTruthy();
    expect(screen.getByText("Waiting for your reply")).toBeTruthy();
    expect(screen.getByText(/November 26, 2026/)).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Accept \$1,200/ })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: m.counterAmountLabel })).toBeTruthy();
    expect(screen.getByText(m.decline)).toBeTruthy();
    expect(screen.queryByText(/card move/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Withdraw/ })).toBeNull();
    // The artist is not shown the buyer's tax and total.
    expect(screen.queryByText("$1,299")).toBeNull();
  });

  it("gives a countered buyer the card moves, decline and withdraw, with tax and total", () => {
    renderPage(
      offer({
        viewerRole: "buyer",
        awaiting: "buyer",
        moves: ["accept", "counter", "decline", "withdraw"],
      }),
    );
    expect(screen.getByText("card move: accept")).toBeTruthy();
    expect(screen.getByText("card move: counter")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Withdraw my offer" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Accept/ })).toBeNull();
    expect(screen.getByText("$1,299")).toBeTruthy();
    // The access key goes along with every form, for a guest buyer.
    const keys = document.querySelectorAll<HTMLInputElement>('input[name="key"]');
    expect(keys.length).toBeGreaterThan(0);
    expect([...keys].every((input) => input.value === "k1")).toBe(true);
  });

  it("offers no move once the offer is closed, and links an accepted offer to its order", async () => {
    const accepted = offer({ viewerRole: "buyer", status: "accepted", moves: [], orderId: "o9" });
    await renderSignedIn(accepted);
    expect(screen.queryByRole("heading", { name: "Your reply" })).toBeNull();
    expect(screen.getByText("Accepted")).toBeTruthy();
    expect(screen.getByRole("link", { name: m.viewOrder }).getAttribute("href")).toBe(
      "/profile/purchases/o9",
    );
    cleanup();
    // A guest (here by the key) reads where the order is, and signs in to come back to it.
    renderPage(accepted);
    expect(screen.getByText(m.guestOrder)).toBeTruthy();
    expect(screen.queryByRole("link", { name: m.viewOrder })).toBeNull();
    expect(screen.getByRole("link", { name: m.signInForOrder }).getAttribute("href")).toBe(
      "/signin?next=%2Fprofile%2Fpurchases%2Fo9",
    );
    cleanup();
    renderPage(offer({ status: "accepted", moves: [], orderId: "o9" }));
    expect(screen.getByRole("link", { name: m.viewSales }).getAttribute("href")).toBe(
      "/profile/sales",
    );
  });

  it("gives a buyer who can only withdraw no 'Your reply', and says what Withdraw does", () => {
    renderPage(offer({ viewerRole: "buyer", moves: ["withdraw"] }));
    expect(screen.queryByRole("heading", { name: "Your reply" })).toBeNull();
    expect(screen.getByRole("button", { name: "Withdraw my offer" })).toBeTruthy();
    expect(screen.getByText(m.withdrawOnly)).toBeTruthy();
    expect(screen.getByText("You offered $1,200.")).toBeTruthy();
    cleanup();
    renderPage(
      offer({ viewerRole: "buyer", awaiting: "buyer", moves: ["accept", "decline", "withdraw"] }),
    );
    expect(screen.getByRole("heading", { name: "Your reply" })).toBeTruthy();
    expect(screen.getByText(m.declineOrWithdraw)).toBeTruthy();
  });

  it("says 'Last amount' once an offer is declined or expired", () => {
    renderPage(offer({ status: "expired", moves: [] }));
    expect(screen.getByText("Last amount")).toBeTruthy();
    expect(screen.queryByText("Amount on the table")).toBeNull();
  });

  it("shows what the offer panel handed over: the account message for a guest", () => {
    renderPage(offer({ viewerRole: "buyer", moves: ["withdraw"] }), {
      accountMessage: "An account was created for your email.",
      message: m.offerSent,
    });
    expect(screen.getByText("An account was created for your email.")).toBeTruthy();
    expect(screen.getByText(m.offerSent)).toBeTruthy();
  });
});

describe("OffersList", () => {
  function renderList(offers: OfferView[], tab: "received" | "sent") {
    const Stub = createRoutesStub([
      {
        path: "/profile/offers",
        Component: () => <OffersList offers={offers} tab={tab} isArtist={tab === "received"} />,
        action: () => null,
      },
    ]);
    return render(<Stub initialEntries={[`/profile/offers?tab=${tab}`]} />).container;
  }

  it("puts Accept, Counter and Decline in a received offer's row, and links every row", () => {
    renderList([offer()], "received");
    expect(screen.getByRole("tab", { name: "Received", selected: true })).toBeTruthy();
    expect(screen.getByText("From Pia Buyer")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Accept \$1,200/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send counteroffer" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View offer" }).getAttribute("href")).toBe(
      "/offers/f1",
    );
  });

  it("sends a buyer to the offer's page for their moves, and says when there are none", () => {
    renderList([offer({ viewerRole: "buyer", moves: ["withdraw"] })], "sent");
    expect(screen.getByText("By Ines Moreau")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    // Someone who is not an artist receives no offers: no Received tab, no tabs at all.
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByText("Your offer:").nextElementSibling?.textContent).toBe("$1,200");
    cleanup();
    renderList([], "received");
    expect(screen.getByText(m.noReceived)).toBeTruthy();
  });

  it("says at the page's top that a move in a row went through, and moves focus there", async () => {
    // The server: the counter goes through, and the offer then waits for the buyer.
    let current = [offer()];
    const Stub = createRoutesStub([
      {
        path: "/profile/offers",
        loader: () => current,
        Component: function List() {
          return <OffersList offers={useLoaderData<OfferView[]>()} tab="received" isArtist />;
        },
        action: () => {
          current = [offer({ moves: [], awaiting: "buyer", amountCents: 150_000 })];
          return { ok: true, message: m.countered, offerId: "f1", intent: "counter" };
        },
      },
    ]);
    render(<Stub initialEntries={["/profile/offers?tab=received"]} />);
    fireEvent.change(await screen.findByRole("textbox", { name: m.counterAmountLabel }), {
      target: { value: "1500" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send counteroffer" }));
    const notice = await screen.findByText(`Salt Marsh: ${m.countered}`);
    expect(notice.getAttribute("role")).toBe("status");
    // The row's forms are gone with the move; the notice stays, and has the focus.
    await screen.findByText("$1,500");
    expect(screen.queryByRole("button", { name: "Send counteroffer" })).toBeNull();
    expect(screen.getByText(`Salt Marsh: ${m.countered}`)).toBe(notice);
    expect(document.activeElement).toBe(notice);
  });

  it("names an empty or too low counteroffer at its field, and sends nothing", async () => {
    let sent = 0;
    const Stub = createRoutesStub([
      {
        path: "/profile/offers",
        Component: () => <OffersList offers={[offer()]} tab="received" isArtist />,
        action: () => {
          sent += 1;
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/profile/offers?tab=received"]} />);
    const field = await screen.findByRole("textbox", { name: m.counterAmountLabel });
    const send = screen.getByRole("button", { name: "Send counteroffer" });
    fireEvent.click(send);
    const error = await screen.findByText(m.amount);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(error.id);
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "1000" } });
    expect(field.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(send);
    await screen.findByText(m.counterTooLow);
    expect(sent).toBe(0);
  });
});
