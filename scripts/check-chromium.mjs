// E2E runs in Debian's Chromium; Playwright cannot download browsers here.
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/lib/chromium/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(
    `The end-to-end tests need Debian's Chromium at ${CHROMIUM}, and it is not installed.\n` +
      "Install it with:  sudo apt-get install -y chromium\n" +
      "(then run npm test again).",
  );
  process.exit(1);
}
