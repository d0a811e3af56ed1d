import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { zodWithoutEval } from "./scripts/zod-without-eval-plugin.ts";

// The whole site's CSS is one file, app/styles/site.css (decision 0034), linked by the
// root route (decision 0051).
export default defineConfig({
  plugins: [zodWithoutEval(), reactRouter()],
  environments: {
    // The browser's lazy imports (a contract or form loaded on first use) are also
    // imported statically by server modules. The server bundle loads everything at
    // start, so splitting means nothing there and the check only warns; the browser's
    // build keeps it, where it would point at a real mistake.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
});
