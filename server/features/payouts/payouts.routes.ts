import type { Hono } from "hono";
import {
  payoutsMessages as m,
  simulatedOnboardingSchema,
} from "../../../contracts/payouts.contract";
import { artistsOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/** An artist's payout onboarding (decision 0027; docs/api.md "Payouts"). */
export function registerPayoutRoutes(app: Hono, { payouts, auth }: AppServices) {
  const artists = artistsOnly(auth, {
    signInRequired: m.signInRequired,
    artistsOnly: m.artistsOnly,
    noStore: true,
  });

  app.get("/api/me/payouts", artists, async (c) => c.json(await payouts.get(c.get("viewer"))));

  app.post(
    "/api/me/payouts/simulated-onboarding",
    artists,
    jsonBody(simulatedOnboardingSchema),
    async (c) => c.json(await payouts.completeSimulated(c.get("viewer"), c.req.valid("json"))),
  );

  app.post("/api/me/payouts/onboarding", artists, async (c) =>
    c.json(await payouts.startStripe(c.get("viewer"))),
  );

  /** Stripe Connect's `account.updated`, signed with the Connect endpoint's own secret. */
  app.post("/api/webhooks/stripe-connect", async (c) =>
    c.json(
      await payouts.handleConnectWebhook(await c.req.text(), c.req.header("stripe-signature")),
    ),
  );
}
