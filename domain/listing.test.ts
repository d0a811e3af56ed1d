import { describe, expect, it } from "vitest";
import {
  type ListingFields,
  MAX_LISTING_IMAGES,
  MAX_PRICE_CENTS,
  centsToDollarsText,
  dollarsToCents,
  firstListingProblem,
  listingFieldsFromForm,
  listingMessages as m,
  listingValues,
  offerMinimumApplies,
  wholeNumber,
} from "./listing";

const NOW = new Date("2025-06-01T00:00:00Z");

function valid(overrides: Partial<ListingFields> = {}): ListingFields {
  return {
    title: "Harbour",
    createdYear: 2020,
    categoryIds: ["c1"],
    isForSale: true,
    price: 120_000,
    materials: "Oil",
    width: 20,
    height: 30,
    depth: 0,
    description: "",
    isPublicArt: false,
    allowBuyerPickUp: false,
    finalSale: false,
    zipCode: null,
    imageIds: ["i1"],
    acceptsOffers: false,
    offerMinimum: null,
    ...overrides,
  };
}

describe("firstListingProblem", () => {
  it("accepts a complete listing", () => {
    expect(firstListingProblem(valid(), NOW)).toBeNull();
  });

  it("reports SPEC §5's rules in their order, each with its exact text", () => {
    // Each step breaks one more rule, earlier in the order than the ones before it.
    const steps: [Partial<ListingFields>, string][] = [
      [{ imageIds: [] }, "Please upload an image of the artwork."],
      [{ allowBuyerPickUp: true, zipCode: "" }, "Please enter a zip code for buyer pick-up."],
      [{ height: 0 }, "Please enter a valid height for the artwork."],
      [{ width: null }, "Please enter a valid width for the artwork."],
      [{ materials: "  " }, "Please enter the materials used in the artwork."],
      [{ price: null }, "Please enter a price for the artwork."],
      [{ categoryIds: [] }, "Please select at least one category."],
      [{ createdYear: null }, "Please enter the year the artwork was created."],
      [{ title: " " }, "Please enter a title for the artwork."],
    ];
    let fields = valid();
    for (const [change, message] of steps) {
      fields = { ...fields, ...change };
      expect(firstListingProblem(fields, NOW)).toBe(message);
    }
  });

  it("needs a price only for sale, and a zip code only with pick-up", () => {
    expect(firstListingProblem(valid({ isForSale: false, price: null }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ price: 0 }), NOW)).toBe(m.price);
    expect(firstListingProblem(valid({ price: 10.5 }), NOW)).toBe(m.price);
    // Our own cap, so the total with tax stays within what a card payment can be.
    expect(firstListingProblem(valid({ price: 90_000_000 }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ price: 90_000_001 }), NOW)).toBe(m.priceTooHigh);
    // A price kept while the work is off sale is still a price: the same rules apply.
    expect(firstListingProblem(valid({ isForSale: false, price: 90_000_001 }), NOW)).toBe(
      m.priceTooHigh,
    );
    expect(firstListingProblem(valid({ isForSale: false, price: -5 }), NOW)).toBe(m.price);
    expect(firstListingProblem(valid({ zipCode: null }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ allowBuyerPickUp: true, zipCode: "1234" }), NOW)).toBe(
      m.zipCode,
    );
    expect(
      firstListingProblem(valid({ allowBuyerPickUp: true, zipCode: "12345" }), NOW),
    ).toBeNull();
  });

  it("takes a year from 1000 to this year", () => {
    expect(firstListingProblem(valid({ createdYear: 2025 }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ createdYear: 2026 }), NOW)).toBe(m.createdYear);
    expect(firstListingProblem(valid({ createdYear: 999 }), NOW)).toBe(m.createdYear);
  });

  it("takes depth 0, refuses a depth that is not a whole number, and at most 8 images", () => {
    expect(firstListingProblem(valid({ depth: 0 }), NOW)).toBeNull();
    // null is what wholeNumber makes of "-1", "1.5" or "abc": refused, never stored as 0.
    expect(firstListingProblem(valid({ depth: null }), NOW)).toBe(m.depth);
    expect(firstListingProblem(valid({ depth: -1 }), NOW)).toBe(m.depth);
    expect(firstListingProblem(valid({ depth: 1.5 }), NOW)).toBe(m.depth);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `i${i}`);
    expect(firstListingProblem(valid({ imageIds: ids(MAX_LISTING_IMAGES) }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ imageIds: ids(MAX_LISTING_IMAGES + 1) }), NOW)).toBe(
      m.tooManyImages,
    );
  });
});

describe("wholeNumber", () => {
  it("reads whole numbers from numbers and text, and nothing else", () => {
    expect(wholeNumber(12)).toBe(12);
    expect(wholeNumber(" 12 ")).toBe(12);
    expect(wholeNumber("0")).toBe(0);
    for (const bad of ["1.5", "-1", "abc", "", "1e3", "12px", 1.5, -1, Number.NaN, null, true]) {
      expect(wholeNumber(bad), String(bad)).toBeNull();
    }
  });

  it("makes the form's '1.5' and '-1' fail the width and height rules", () => {
    const form = {
      title: "T",
      createdYear: "2020",
      categoryIds: ["c"],
      isForSale: true,
      price: "1,200.50",
      materials: "Ink",
      width: "1.5",
      height: "-1",
      depth: "",
      description: "",
      allowBuyerPickUp: false,
      finalSale: false,
      zipCode: "99999",
      imageIds: ["i"],
      acceptsOffers: false,
      offerMinimum: "",
    };
    const fields = listingFieldsFromForm(form);
    for (const depth of ["-1", "1.5", "abc"]) {
      const withDepth = listingFieldsFromForm({ ...form, width: "3", height: "4", depth });
      expect(firstListingProblem(withDepth, NOW), depth).toBe(m.depth);
    }
    expect(fields).toMatchObject({
      width: null,
      height: null,
      depth: 0,
      price: 120_050,
      zipCode: null,
    });
    expect(firstListingProblem(fields, NOW)).toBe(m.width);
    expect(firstListingProblem(listingFieldsFromForm({ ...form, width: "3" }), NOW)).toBe(m.height);
    expect(
      firstListingProblem(listingFieldsFromForm({ ...form, width: "3", height: "abc" }), NOW),
    ).toBe(m.height);
  });
});

describe("the minimum offer", () => {
  it("is optional, and any whole-dollar amount above $0 below the price is accepted", () => {
    expect(firstListingProblem(valid({ acceptsOffers: true }), NOW)).toBeNull();
    expect(firstListingProblem(valid({ acceptsOffers: true, offerMinimum: 100 }), NOW)).toBeNull();
    expect(
      firstListingProblem(valid({ acceptsOffers: true, offerMinimum: 119_900 }), NOW),
    ).toBeNull();
    // Offers only: no price to stay below, up to the price cap.
    expect(
      firstListingProblem(
        valid({ isForSale: false, price: null, offerMinimum: MAX_PRICE_CENTS }),
        NOW,
      ),
    ).toBeNull();
  });

  it("refuses 0, negative, fractional, unsafe and non-numbers with the whole-dollars text", () => {
    for (const bad of [0, -100, -1, 150, 1.5, 100.5, Number.NaN, Infinity, 2 ** 53 + 2]) {
      expect(
        firstListingProblem(valid({ acceptsOffers: true, offerMinimum: bad }), NOW),
        String(bad),
      ).toBe(m.offerMinimum);
    }
  });

  it("refuses a minimum above the price cap", () => {
    expect(
      firstListingProblem(
        valid({ isForSale: false, price: null, offerMinimum: MAX_PRICE_CENTS + 100 }),
        NOW,
      ),
    ).toBe(m.offerMinimumTooHigh);
  });

  it("must be below the price of a work for sale that takes offers", () => {
    for (const minimum of [120_000, 120_100, 500_000]) {
      expect(
        firstListingProblem(valid({ acceptsOffers: true, offerMinimum: minimum }), NOW),
        String(minimum),
      ).toBe(m.offerMinimumNotBelowPrice);
    }
    // Offers only keeps its price hidden; the minimum need not be below it.
    expect(
      firstListingProblem(valid({ isForSale: false, price: 120_000, offerMinimum: 200_000 }), NOW),
    ).toBeNull();
  });

  it("comes after the price rules and before materials", () => {
    expect(
      firstListingProblem(valid({ price: null, acceptsOffers: true, offerMinimum: -1 }), NOW),
    ).toBe(m.price);
    expect(
      firstListingProblem(valid({ materials: " ", acceptsOffers: true, offerMinimum: -1 }), NOW),
    ).toBe(m.offerMinimum);
  });

  it("is read from the form only where it shows: offers only, or offers allowed", () => {
    const form = {
      title: "T",
      createdYear: "2020",
      categoryIds: ["c"],
      isForSale: true,
      price: "1200",
      materials: "Ink",
      width: "3",
      height: "4",
      depth: "",
      description: "",
      allowBuyerPickUp: false,
      finalSale: false,
      zipCode: "",
      imageIds: ["i"],
      acceptsOffers: true,
      offerMinimum: "$1,000",
    };
    expect(offerMinimumApplies(form)).toBe(true);
    expect(listingFieldsFromForm(form)).toMatchObject({
      acceptsOffers: true,
      offerMinimum: 100_000,
    });
    expect(listingFieldsFromForm({ ...form, offerMinimum: " " }).offerMinimum).toBeNull();
    // Offers not allowed on a work for sale: the field is hidden, and what it held is not sent.
    const closed = { ...form, acceptsOffers: false };
    expect(offerMinimumApplies(closed)).toBe(false);
    expect(listingFieldsFromForm(closed).offerMinimum).toBeNull();
    expect(listingFieldsFromForm({ ...closed, isForSale: false }).offerMinimum).toBe(100_000);
    // What is typed and is not a whole number of dollars is refused, never read as none.
    for (const typed of ["abc", "-5", "12.50", "0", "1e3"]) {
      const fields = listingFieldsFromForm({ ...form, offerMinimum: typed });
      expect(firstListingProblem(fields, NOW), typed).toBe(m.offerMinimum);
    }
    expect(firstListingProblem(listingFieldsFromForm({ ...form, offerMinimum: "1200" }), NOW)).toBe(
      m.offerMinimumNotBelowPrice,
    );
  });

  it("is stored as given, offers allowed or not", () => {
    expect(listingValues(valid({ acceptsOffers: true, offerMinimum: 50_000 }))).toMatchObject({
      acceptsOffers: true,
      offerMinimum: 50_000,
    });
  });
});

describe("listingValues", () => {
  it("applies the SPEC defaults: depth 0, zip only with pick-up, status; keeps an off-sale price", () => {
    expect(
      listingValues(
        valid({ isForSale: false, price: 5_000, depth: null, zipCode: "10001", title: " T " }),
      ),
    ).toMatchObject({
      title: "T",
      price: 5_000,
      depth: 0,
      zipCode: null,
      status: "not for sale",
    });
    expect(
      listingValues(valid({ allowBuyerPickUp: true, zipCode: " 10001 ", categoryIds: ["a", "a"] })),
    ).toMatchObject({ price: 120_000, zipCode: "10001", status: "available", categoryIds: ["a"] });
  });

  it("keeps the form's price when the work is offers only, so an edit does not erase it", () => {
    const form = {
      title: "T",
      createdYear: "2020",
      categoryIds: ["c"],
      isForSale: false,
      price: "1200",
      materials: "Ink",
      width: "3",
      height: "4",
      depth: "",
      description: "",
      allowBuyerPickUp: false,
      finalSale: false,
      zipCode: "",
      imageIds: ["i"],
      acceptsOffers: false,
      offerMinimum: "",
    };
    const fields = listingFieldsFromForm(form);
    expect(fields.price).toBe(120_000);
    expect(firstListingProblem(fields, NOW)).toBeNull();
    expect(listingValues(fields)).toMatchObject({ price: 120_000, status: "not for sale" });
    // A price the hidden field cannot read is no price; offers only needs none.
    expect(listingFieldsFromForm({ ...form, price: "abc" }).price).toBeNull();
  });
});

describe("dollarsToCents and back", () => {
  it("reads what people type as cents", () => {
    expect(dollarsToCents("1200")).toBe(120_000);
    expect(dollarsToCents("$1,200.5")).toBe(120_050);
    expect(dollarsToCents(" 0.99 ")).toBe(99);
    // Large amounts are read as typed; the price rule says what is too high.
    expect(dollarsToCents("2,000,000")).toBe(200_000_000);
    for (const bad of ["", "0", "-5", "1.234", "abc", "12,00x", "9999999999"]) {
      expect(dollarsToCents(bad), bad).toBeNull();
    }
    expect(centsToDollarsText(120_000)).toBe("1200");
    expect(centsToDollarsText(120_050)).toBe("1200.50");
    expect(centsToDollarsText(null)).toBe("");
  });
});
