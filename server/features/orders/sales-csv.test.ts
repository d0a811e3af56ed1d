import { describe, expect, it } from "vitest";
import {
  SALES_CSV_HEADER,
  type SalesCsvRow,
  csvCell,
  dollars,
  salesCsv,
  salesCsvFileName,
} from "./sales-csv";

function sale(overrides: Partial<SalesCsvRow> = {}): SalesCsvRow {
  return {
    id: "0b5c3f6e-2d1a-4c8e-9f00-000000000001",
    artworkId: "0b5c3f6e-2d1a-4c8e-9f00-000000000002",
    title: "Blue Hour",
    imageThumbnail: null,
    artistName: "Ada Lovelace",
    buyerName: "Grace Hopper",
    status: "paid",
    price: 12_345,
    taxAmount: 988,
    totalAmount: 13_333,
    refundedAmount: 0,
    soldAt: "2026-06-01T12:34:56.789Z",
    shipBy: "2026-06-08T12:34:56.789Z",
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    problemKind: null,
    problemNote: null,
    pickUpZipCode: null,
    shippingAddress: null,
    commissionBps: 2000,
    commissionAmount: 2_469,
    artistNet: 9_876,
    earned: 9_876,
    paidOut: 0,
    ...overrides,
  };
}

describe("csvCell", () => {
  it("leaves plain text alone and quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("Blue Hour")).toBe("Blue Hour");
    expect(csvCell("Red, Yellow")).toBe('"Red, Yellow"');
    expect(csvCell('The "Big" One')).toBe('"The ""Big"" One"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell("")).toBe("");
  });

  it("defuses every cell a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      const cell = csvCell(`${start}1+1`);
      expect(cell.replace(/^"/, "").startsWith("'"), JSON.stringify(start)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://evil", "x")')).toBe(`"'=HYPERLINK(""http://evil"", ""x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("dollars", () => {
  it("writes cents as dollars with two decimals", () => {
    expect(dollars(0)).toBe("0.00");
    expect(dollars(5)).toBe("0.05");
    expect(dollars(12_345)).toBe("123.45");
    expect(dollars(100_000_000)).toBe("1000000.00");
    expect(dollars(-250)).toBe("-2.50");
  });
});

describe("salesCsv", () => {
  it("writes the header and one CRLF line per sale", () => {
    const csv = salesCsv([sale()]);
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(SALES_CSV_HEADER.join(","));
    expect(lines[1]).toBe(
      [
        "2026-06-01 12:34:56",
        "0b5c3f6e-2d1a-4c8e-9f00-000000000001",
        "Blue Hour",
        "Grace Hopper",
        "Awaiting shipment",
        "123.45",
        "9.88",
        "133.33",
        "24.69",
        "98.76",
        "0.00",
        "98.76",
        "0.00",
        "",
        "",
        "",
      ].join(","),
    );
    expect(lines[2]).toBe("");
  });

  it("shows the shipment and a hand-over", () => {
    const shipped = salesCsv([
      sale({
        status: "shipped",
        shippedAt: "2026-06-02T08:00:00.000Z",
        carrier: "UPS",
        trackingNumber: "1Z999",
      }),
    ]).split("\r\n")[1]!;
    expect(shipped.endsWith(",2026-06-02 08:00:00,UPS,1Z999")).toBe(true);
    const handed = salesCsv([sale({ status: "shipped", shippedAt: "2026-06-02T08:00:00.000Z" })]);
    expect(handed.split("\r\n")[1]!.endsWith(",2026-06-02 08:00:00,Handed over at pick-up,")).toBe(
      true,
    );
  });

  it("writes the earnings and the payouts the ledger has, never a formula over the order", () => {
    const line = (overrides: Partial<SalesCsvRow>) => salesCsv([sale(overrides)]).split("\r\n")[1]!;
    // Half the total back, the rest paid out: the ledger's figures as they are.
    const partly = line({
      status: "partially_refunded",
      price: 10_000,
      taxAmount: 800,
      totalAmount: 10_800,
      commissionAmount: 2_000,
      artistNet: 8_000,
      refundedAmount: 5_400,
      earned: 4_000,
      paidOut: 4_000,
    });
    expect(partly).toContain(
      ",Partially refunded,100.00,8.00,108.00,20.00,80.00,54.00,40.00,40.00,",
    );
    // Cancelled before the capture: nothing refunded, nothing earned.
    const cancelled = line({ status: "cancelled", earned: 0 });
    expect(cancelled).toContain(",Cancelled,123.45,9.88,133.33,24.69,98.76,0.00,0.00,0.00,");
    // Sold before the ledger: completed with no commission, and no rows.
    const legacy = line({
      status: "completed",
      commissionBps: 0,
      commissionAmount: 0,
      artistNet: 12_345,
      earned: 0,
    });
    expect(legacy).toContain(",Completed,123.45,9.88,133.33,0.00,123.45,0.00,0.00,0.00,");
  });

  it("defuses and quotes what buyers and artists typed", () => {
    const csv = salesCsv([sale({ title: "-1, said he", buyerName: "@admin", carrier: "+UPS" })]);
    expect(csv).toContain(`,"'-1, said he",'@admin,`);
  });

  it("is just the header when there are no sales", () => {
    expect(salesCsv([])).toBe(`${SALES_CSV_HEADER.join(",")}\r\n`);
  });
});

describe("salesCsvFileName", () => {
  it("names the file by the UTC day", () => {
    expect(salesCsvFileName(new Date("2026-06-01T23:59:59Z"))).toBe(
      "vernissage-sales-2026-06-01.csv",
    );
  });
});
