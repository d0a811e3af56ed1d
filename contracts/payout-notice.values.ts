/**
 * The words of the payout notice on an artist's own profile, part of payoutsMessages
 * (payouts.values.ts): a module of their own, so the profile's first script does not
 * carry the setup form's messages and the list of states.
 */
export const payoutNoticeMessages = {
  notListed: "Your works are not listed in the marketplace until you set up payouts.",
  pending: "Stripe is reviewing your payout details.",
  restricted:
    "Your payouts need attention: your works are not listed until Stripe has what it needs.",
  active: "Payouts are active",
  setUp: "Set up payouts",
  update: "Update payout details",
  done: "Payouts are active. Your works are now listed in the marketplace.",
} as const;
