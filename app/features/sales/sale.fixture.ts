import type { Sale } from "../../../contracts/sales.contract";

/** A sale as `GET /api/me/sales` answers it, awaiting shipment; tests override what they need. */
export function saleFixture(overrides: Partial<Sale> = {}): Sale {
  return {
    id: "0b5c3f6e-2d1a-4c8e-9f00-000000000001",
    artworkId: "0b5c3f6e-2d1a-4c8e-9f00-000000000002",
    title: "Blue Hour",
    imageThumbnail: "/media/a/w1-thumbnail.webp",
    artistName: "Ada Lovelace",
    buyerName: "Grace Hopper",
    status: "paid",
    price: 12_345,
    taxAmount: 988,
    totalAmount: 13_333,
    refundedAmount: 0,
    soldAt: "2026-06-01T12:00:00.000Z",
    shipBy: "2026-06-08T12:00:00.000Z",
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    problemKind: null,
    problemNote: null,
    pickUpZipCode: null,
    shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
    commissionBps: 2000,
    commissionAmount: 2_469,
    artistNet: 9_876,
    earned: 9_876,
    paidOut: 0,
    mayRelist: false,
    ...overrides,
  };
}
