import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The whole site's CSS is one file, app/styles/site.css, imported by the root route only
// (issue 17, decision 0034).
export default defineConfig({
  plugins: [reactRouter()],
});
