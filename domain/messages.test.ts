import { describe, expect, it } from "vitest";
import { messagePreview, offPlatformKind, offPlatformText, replyTimeText } from "./messages";

describe("offPlatformKind", () => {
  it.each([
    ["Write to me at jane.doe+art@example.com", "email"],
    ["jane at gmail dot com", "email"],
    ["jane(at)gmail(dot)com", "email"],
    ["Call me on +1 (503) 555-0142", "phone"],
    ["my number is 503.555.0142", "phone"],
    ["06 12 34 56 78 works too", "phone"],
    ["Just send it by PayPal", "payment"],
    ["venmo me", "payment"],
    ["my cashtag is $janedoe", "payment"],
    ["a bank transfer is easier", "payment"],
    ["IBAN FR76 3000 6000 0112 3456 7890 189", "payment"],
    ["pay here https://buy.stripe.com/abc123", "link"],
    ["www.paypal.me/janedoe", "link"],
    ["the invoice: https://example.com/invoice/42", "link"],
  ] as const)("%s → %s", (text, kind) => {
    expect(offPlatformKind(text)).toBe(kind);
  });

  it.each([
    "Is the work framed?",
    "It is 24 x 36 inches and costs $3,000.",
    "I painted it in 2019 and 2020, oil on linen.",
    "See my other works at https://vernissage.example/artist/42",
    "Could you ship to Lyon, France?",
    "I am at home on Saturday at 10.",
  ])("lets through: %s", (text) => {
    expect(offPlatformKind(text)).toBeNull();
  });
});

describe("texts", () => {
  it("names what was found", () => {
    expect(offPlatformText("phone")).toContain("a phone number");
    expect(offPlatformText("email")).toContain("an e-mail address");
  });

  it("cuts a preview on one line", () => {
    expect(messagePreview("a\n\nb   c")).toBe("a b c");
    expect(messagePreview("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
    // Never half an emoji (a surrogate pair) at the cut.
    expect(messagePreview(`a${"😀".repeat(5)}`, 3)).toBe("a😀…");
  });

  it("writes the reply time in hours, or days past two", () => {
    expect(replyTimeText(0.2)).toBe("Usually replies within 1 hour");
    expect(replyTimeText(5.5)).toBe("Usually replies within 6 hours");
    expect(replyTimeText(60)).toBe("Usually replies within 3 days");
  });
});
