import { readFile } from "node:fs/promises";
import { transform } from "esbuild";
import type { Plugin } from "vite";

const QUERY = "minified-script";

/**
 * `import text from "./file.js?minified-script"`: the file's text, minified, as a string,
 * for the small scripts the server writes into every page
 * (app/lib/boot/): kept readable in the repository, and smaller in every compressed page
 * than as written. The file is a classic script (an IIFE): its own names are
 * shortened, global names, and the `__PLACEHOLDERS__` the server fills in, are kept.
 * Used by vite.config.ts (the build) and vitest.config.ts (the tests run what ships).
 */
export function minifiedScript(): Plugin {
  return {
    name: "vernissage:minified-script",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?", 2);
      // The dev server may add parameters of its own (`&t=…` after an edit).
      if (!file || query === undefined || !new URLSearchParams(query).has(QUERY)) return null;
      this.addWatchFile(file);
      const { code } = await transform(await readFile(file, "utf8"), {
        loader: "js",
        minify: true,
        target: "es2019",
        legalComments: "none",
      });
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}
