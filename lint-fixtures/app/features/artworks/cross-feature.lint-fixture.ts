// A deliberate violation of the feature zones (eslint.config.js), for eslint.config.test.ts:
// the artwork feature reaching into checkout and listing, and into a route.
import { CheckoutDialog } from "../checkout/checkout-dialog";
import { forgetListingDraftOf } from "../../features/listings/listing-draft-store";
import { loader } from "../../routes/home";

export const crossFeature = [CheckoutDialog, forgetListingDraftOf, loader];
