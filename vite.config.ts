import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { minifiedScript } from "./scripts/minified-script-plugin.ts";
import { zodWithoutEval } from "./scripts/zod-without-eval-plugin.ts";

// The whole site's CSS is one file, app/styles/site.css (issue 17, decision 0034): inline
// in the page, or on the landing pages a part of it inline and the file after the first
// picture (decision 0038, app/lib/page-styles.server.ts).
export default defineConfig({
  plugins: [minifiedScript(), zodWithoutEval(), reactRouter()],
});
