import { titleText } from "../../../domain/display";
import { starsLabel } from "../../../domain/reviews";
import { DEFAULT_REASON, button, message, workPicture } from "../../mail/mail-content";

/**
 * The two e-mails of reviews: the artist hears of a new review, the buyer of the
 * artist's reply. Each quotes the words, so the reader need not open the site to know.
 */

type ReviewFacts = {
  artworkTitle: string;
  artworkThumbnail: string | null;
  rating: number;
  body: string;
};

export function reviewArrivedMail(
  to: { name: string; artistId: string },
  review: ReviewFacts & { buyerName: string },
  publicUrl: string,
) {
  const title = titleText(review.artworkTitle);
  return {
    subject: `A new review of your sale of "${title}"`,
    content: {
      ...message(to.name, workPicture(publicUrl, review.artworkThumbnail, title), [
        `${review.buyerName} reviewed their purchase of "${title}": ${starsLabel(review.rating)}.`,
        "",
        review.body,
        "",
        "You can reply once, from your profile's reviews.",
        button("Your reviews", `${publicUrl}/artist/${to.artistId}#reviews`, "Reply"),
      ]),
      reason: DEFAULT_REASON,
    },
  };
}

export function replyArrivedMail(
  to: { name: string; orderId: string },
  review: ReviewFacts & { artistName: string; reply: string },
  publicUrl: string,
) {
  const title = titleText(review.artworkTitle);
  return {
    subject: `${review.artistName} replied to your review of "${title}"`,
    content: {
      ...message(to.name, workPicture(publicUrl, review.artworkThumbnail, title), [
        `${review.artistName} replied to your review of "${title}":`,
        "",
        review.reply,
        "",
        button("Your order", `${publicUrl}/profile/purchases/${to.orderId}`),
      ]),
      reason: DEFAULT_REASON,
    },
  };
}
