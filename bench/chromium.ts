/**
 * The Chromium that the end-to-end tests (playwright.config.ts) and the Lighthouse bench
 * (bench/lighthouse.bench.ts) drive, and the one list of flags both start it with.
 * Debian's package; `CHROMIUM_PATH` names another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/lib/chromium/chromium";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // /dev/shm is small in containers: shared memory goes to /tmp instead.
  "--disable-dev-shm-usage",
];
