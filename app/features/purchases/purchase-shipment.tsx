import { purchasesMessages as m } from "./purchases.messages";

/** What an order says about its shipment (the list's entry and the order page). */
export type Shipment = {
  shippedAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
};

/**
 * Once shipped: the carrier and tracking number, or 'Handed over at pick-up' when the
 * artist recorded no carrier (decision 0029). Nothing before the work is shipped.
 */
export function ShipmentLines({ shipment, className }: { shipment: Shipment; className: string }) {
  if (!shipment.shippedAt) return null;
  if (!shipment.carrier) return <p className={className}>{m.handedOver}</p>;
  return (
    <dl className={className}>
      <div>
        <dt>Carrier</dt>
        <dd>{shipment.carrier}</dd>
      </div>
      <div>
        <dt>Tracking number</dt>
        <dd className="tracking-number">{shipment.trackingNumber ?? ""}</dd>
      </div>
    </dl>
  );
}
