import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Locator, type Page, expect } from "@playwright/test";
import { checkoutMessages as m } from "../domain/checkout";
import { waitForHydration } from "./helpers";

/** The buy panel and the outbox, for every journey that buys a work or reads an e-mail. */

export const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
// Illinois has a sales tax, so the summary shows one.
export const ADDRESS = { line1: "1452 W Division St", city: "Chicago", state: "IL", zip: "60642" };

export async function openBuyPanel(page: Page, id: string): Promise<Locator> {
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy Now" }).click();
  const panel = page.getByRole("dialog", { name: "Buy this artwork" });
  await expect(panel).toBeVisible();
  // The card form arrives with the checkout configuration.
  await expect(panel.getByLabel("Card number")).toBeVisible();
  return panel;
}

export const field = (panel: Locator, label: string) => panel.getByLabel(label, { exact: true });

export const payNow = (panel: Locator) => panel.getByRole("button", { name: m.payNow });
export const total = (panel: Locator) => panel.locator(".checkout-total dd");

export async function fillAddress(panel: Locator, email?: string) {
  await field(panel, "Street address").fill(ADDRESS.line1);
  await field(panel, "City").fill(ADDRESS.city);
  await field(panel, "State").fill(ADDRESS.state);
  await field(panel, "ZIP code").fill(ADDRESS.zip);
  if (email !== undefined) await field(panel, "Email").fill(email);
}

export async function fillCard(panel: Locator, number: string) {
  await field(panel, "Name on card").fill("Ada Buyer");
  await field(panel, "Card number").fill(number);
  await field(panel, "Expiry (MM/YY)").fill(EXPIRY);
  await field(panel, "CVC").fill("123");
}

/** The .eml files the server wrote (E2E_DATA_DIR/mail) that are addressed to `email`. */
export function mailTo(email: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((text) => /^To: .*$/im.exec(text)?.[0].includes(email));
}
