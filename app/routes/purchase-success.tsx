import { PurchaseSuccessView } from "../features/purchases/purchase-success-view";
import { purchasesMessages as m } from "../features/purchases/purchases.messages";

export function meta() {
  return [
    { title: `${m.thankYou.replace(/!$/, "")} · Vernissage` },
    { name: "robots", content: "noindex" },
  ];
}

/** SPEC §2 /purchase-success, where the buy panel goes after a completed purchase. */
export default function PurchaseSuccess() {
  return <PurchaseSuccessView />;
}
