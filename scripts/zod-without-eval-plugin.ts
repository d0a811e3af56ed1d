import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The client's "zod": zod itself, set to validate without compiling code from strings. */
const CLIENT_ZOD = fileURLToPath(new URL("../app/lib/zod-without-eval.ts", import.meta.url));

/**
 * In the browser bundle, every `import … from "zod"` gets app/lib/zod-without-eval.ts,
 * which sets zod's `jitless` before any module can build a schema with it. zod 4 otherwise
 * compiles its object parsers with `new Function` (and probes for it when a schema is
 * built), which our CSP (no 'unsafe-eval') refuses and reports as a violation. Import order
 * cannot promise this: React Router imports the page's route modules before the client
 * entry, and shared chunks may run first. The server keeps zod's compiled parsers.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: "vernissage:zod-without-eval",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "zod" || this.environment.name !== "client") return null;
      if (importer === CLIENT_ZOD) return null;
      return (await this.resolve(CLIENT_ZOD, importer, { ...options, skipSelf: true }))?.id;
    },
  };
}
