import { z } from "zod";

// What the browser gets for "zod" (scripts/zod-without-eval-plugin.ts): the same module,
// told before anything else uses it never to build code from strings, which the CSP forbids.
z.config({ jitless: true });

export * from "zod";
