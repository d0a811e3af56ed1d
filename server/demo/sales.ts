import type { SessionUser } from "../../contracts/auth.contract";
import type { Database } from "../db/client";
import { findSessionUser } from "../features/users/users.repository";
import type { AppServices } from "../services";

/** A demo sale: the work, and the account that buys it. */
export type DemoSale = { artworkId: string; buyerId: string };

type SalesServices = Pick<AppServices, "checkout" | "logger">;

/** Where a buyer without a saved address has the work shipped. */
const FALLBACK_ADDRESS = {
  line1: "350 Fifth Avenue",
  city: "New York",
  state: "NY",
  postal_code: "10118",
};

/** The simulated processor's test card (SPEC: 4242 4242 4242 4242, any future expiry). */
function demoCard() {
  return { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
}

/** The demo's accounts as the checkout sees a signed-in buyer (none is suspended). */
async function sessionUserOf(db: Database, id: string): Promise<SessionUser> {
  const user = await findSessionUser(db, id);
  if (!user) throw new Error(`no demo account ${id}`);
  return user;
}

/**
 * The demo's sold works are sold as a buyer buys: a quote, a payment authorized with
 * the test card, and the purchase completed and captured. So each has its order, its
 * payment at the simulated processor, its ledger rows and order events, and the
 * collector's purchases, the artist's sales, the team's orders and the reconciliation
 * report all agree. With Stripe there is no test card to pay with: the works stay for
 * sale. Returns how many sold.
 */
export async function makeDemoSales(
  db: Database,
  services: SalesServices,
  sales: readonly DemoSale[],
): Promise<number> {
  const { checkout } = services;
  if (checkout.config().provider !== "simulated") return 0;
  let sold = 0;
  for (const sale of sales) {
    const buyer = await sessionUserOf(db, sale.buyerId);
    const body = {
      artworkId: sale.artworkId,
      email: "",
      shippingAddress: buyer.shippingAddress ?? FALLBACK_ADDRESS,
    };
    const quote = await checkout.quote(body, buyer);
    const payment = await checkout.startPayment(
      { ...body, expectedTotal: quote.totalAmount },
      buyer,
    );
    await checkout.confirmSimulated({
      clientSecret: payment.clientSecret,
      card: demoCard(),
    });
    await checkout.completeForPayer(payment.paymentId, payment.clientSecret);
    sold += 1;
  }
  return sold;
}
