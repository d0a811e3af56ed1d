import type { SitePageSlug } from "../../../domain/site-pages";

/**
 * What each site page says until the operator writes it: true of any Vernissage
 * marketplace, and plain that it is a default the operator should replace. The policies
 * promise nothing a marketplace has not decided itself.
 */
const EDIT_NOTE =
  "> This is the default text of this page. The team running this marketplace can replace it in the team console, under **Pages**.";

export const defaultSitePages: Record<SitePageSlug, string> = {
  about: `Vernissage is a marketplace for original art, sold directly by the artists who made it.

Artists apply to sell here and are reviewed by our team. Collectors can browse the marketplace, visit our curated exhibitions, and buy a work by card, with or without an account.

${EDIT_NOTE}`,

  contact: `Questions about a work, an order or selling here? Please get in touch with the team that runs this marketplace.

- **Orders:** open the order from [your purchases](/profile/purchases) and use "Report a problem" there, so that everything about the order stays in one place.
- **Everything else:** the team will publish its e-mail address here.

${EDIT_NOTE}`,

  faq: `## How do I buy a work?

Open the work, press **Buy Now**, enter the shipping address and pay by card. You do not need an account: one is made for you with the e-mail address you give.

## Can I make an offer?

Where a work is open to offers, its page says **Make an Offer**. The artist can accept, decline or answer with their own price.

## How do I sell my work here?

Choose "artist" when you [sign up](/signup). Our team reviews each application before the artist can list works.

## Who ships the work?

The artist ships it to you and contacts you about the shipping. See [Shipping & returns](/shipping-returns).

${EDIT_NOTE}`,

  "shipping-returns": `Each work is shipped by its artist, who contacts the buyer about shipping after the purchase. You can follow the order under [your purchases](/profile/purchases) and confirm there when the work has arrived.

If something is wrong with the work when it arrives, report the problem from the order before confirming receipt, and the team will help.

The shipping times, costs and the return policy of this marketplace have not been written yet.

${EDIT_NOTE}`,

  terms: `These are the terms of service of this marketplace. The team that runs it has not written its own terms yet.

Until it does: by using the site you agree to use it lawfully, to give true information when you buy or sell, and to sell only original work that you made and have the right to sell. Payments are made by card through the marketplace's payment provider.

> This default text is a placeholder, not legal advice. The team running this marketplace must replace it with its own terms of service in the team console, under **Pages**.`,

  privacy: `This page says what this marketplace does with personal data. The team that runs it has not written its own privacy policy yet.

What the software stores: the details you give (name, e-mail address, and for a purchase the shipping address), your orders, offers, saved works and follows, and the profile you choose to show. Card details go to the payment provider and are not stored by the marketplace. E-mails are sent about your orders, offers and the alerts you set.

> This default text is a placeholder, not legal advice. The team running this marketplace must replace it with its own privacy policy in the team console, under **Pages**.`,
};
