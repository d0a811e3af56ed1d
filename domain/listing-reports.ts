/**
 * Reporting a listing (decision 0059): the reasons a person gives, the grounds the team
 * decides on, and the words of both, shared by the pages, the server and the e-mails.
 * Here rather than in the contracts so that a page's script does not carry the schemas.
 */

export const MAX_REPORT_EXPLANATION = 2000;
export const MAX_APPEAL_LENGTH = 2000;

export const LISTING_REPORT_REASONS = [
  "not_original",
  "infringes_rights",
  "prohibited",
  "misleading",
  "other",
] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

/** The report form's list, in its order, and how the console and e-mails name each. */
export const REPORT_REASON_LABELS: Record<ListingReportReason, string> = {
  not_original: "Counterfeit or not original",
  infringes_rights: "Infringes my rights",
  prohibited: "Prohibited item",
  misleading: "Misleading",
  other: "Other",
};

export const listingReportMessages = {
  reportListing: "Report this listing",
  reasonRequired: "Please choose why you are reporting this listing.",
  explanationRequired: "Please explain what is wrong with this listing.",
  explanationTooLong: `The explanation can be at most ${MAX_REPORT_EXPLANATION.toLocaleString("en-US")} characters.`,
  emailRequired: "Please give your e-mail address, so that we can tell you what we decide.",
  invalidEmail: "Please enter a valid email address.",
  reported:
    "Thank you. Your report is with the marketplace team; you will receive their decision by e-mail.",
  alreadyReported:
    "You have already reported this listing; the team has not decided on it yet. You will hear from them by e-mail.",
  ownListing: "You cannot report your own listing.",
  notFound: "Artwork not found",
  tooManyReports: "Too many reports from your network in the last hour. Please try again later.",
  appealRequired: "Please explain why the decision should be changed.",
  appealTooLong: `The appeal can be at most ${MAX_APPEAL_LENGTH.toLocaleString("en-US")} characters.`,
  appealed: "Your appeal is with the marketplace team; you will receive their answer by e-mail.",
  alreadyAppealed: "This decision has already been appealed; it can be appealed once.",
  notAppealable: "Only a decision to take a listing down can be appealed.",
  decisionNotFound: "That decision was not found.",
} as const;

export const listingCaseMessages = {
  notFound: "That listing has no reports.",
  decisionNotFound: "That decision was not found.",
  alreadyDecided: "These reports have already been decided.",
  reportsRequired: "Choose the open reports to decide.",
  groundRequired: "Please choose the ground of the decision.",
  keepNeedsNoBreach: "A listing that is kept has the ground “No breach found”.",
  takeDownNeedsRule: "A take-down names the rule or law the listing breaks.",
  kept: "The listing stays. The reporters and the artist are told by e-mail why.",
  takenDown:
    "The listing is taken down. The reporters and the artist are told by e-mail why, and the artist may appeal.",
  notAppealed: "This decision has not been appealed.",
  appealAlreadyDecided: "This appeal has already been answered.",
  upheld: "The take-down stands. The artist is told by e-mail.",
  reversed: "The listing is back on the marketplace. The artist is told by e-mail.",
} as const;

/**
 * What a decision rests on: the terms of the marketplace or the law (DSA Art. 17(3)(d),
 * (e)). `no_breach` is the ground of every decision to keep a listing, and of none other.
 */
export const LISTING_GROUNDS = [
  "no_breach",
  "not_original",
  "infringement",
  "prohibited",
  "misleading",
  "illegal",
] as const;
export type ListingGround = (typeof LISTING_GROUNDS)[number];

export const LISTING_GROUND_LABELS: Record<ListingGround, string> = {
  no_breach: "No breach found: the listing keeps to the marketplace's terms and the law",
  not_original:
    "The marketplace's terms: works are original and listed by the artist who made them",
  infringement:
    "The law on intellectual property and personality rights: the listing infringes another person's rights",
  prohibited: "The marketplace's terms: the item may not be sold on the marketplace",
  misleading: "The marketplace's terms: a listing describes its work truthfully",
  illegal: "The applicable law: the listing or the item is illegal",
};
