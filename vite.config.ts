import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { minifiedScript } from "./scripts/minified-script-plugin.ts";
import { zodWithoutEval } from "./scripts/zod-without-eval-plugin.ts";

// The whole site's CSS is one file, app/styles/site.css (decision 0034): inline
// in the page, or on the landing pages a part of it inline and the file after the first
// picture (decision 0038, app/lib/page-styles.server.ts).
export default defineConfig({
  plugins: [minifiedScript(), zodWithoutEval(), reactRouter()],
  environments: {
    // The browser's lazy imports (a contract or form loaded on first use) are also
    // imported statically by server modules. The server bundle loads everything at
    // start, so splitting means nothing there and the check only warns; the browser's
    // build keeps it, where it would point at a real mistake.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
});
