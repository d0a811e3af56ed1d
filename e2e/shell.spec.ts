import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, screenshot } from "./helpers";

test("the home page at 1440 px: header links, no side menu, screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Vernissage, home" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link", { name: "Marketplace" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Exhibitions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/home-1440.png", fullPage: true });
});

test("the side menu at 375 px opens, traps focus, and closes on Escape, backdrop and link", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(toggle).toBeVisible();
  await expect(menu).toBeHidden();
  await screenshot(page, { path: "e2e/screenshots/home-375.png", fullPage: true });

  // Opens with the keyboard; focus moves in and stays in.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const box = await menu.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(250);
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
  for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
  const focusInside = await page.evaluate(
    () => !!document.activeElement?.closest('[role="dialog"]'),
  );
  expect(focusInside).toBe(true);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/home-375-menu.png" });

  // Escape closes it and gives focus back to the toggle.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();

  // The dimmed backdrop closes it.
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(menu).toBeVisible();
  await page.mouse.click(40, 400);
  await expect(menu).toBeHidden();

  // So does its own close button, giving focus back to the toggle.
  await toggle.click();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  // Choosing a link closes it and navigates.
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await menu.getByRole("link", { name: "Exhibitions" }).click();
  await expect(page).toHaveURL("/exhibition");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Exhibitions" })).toBeVisible();
});
