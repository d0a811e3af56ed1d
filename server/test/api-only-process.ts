// The real server process without the web app (which needs `npm run build`):
// used by start.integration.test.ts to test locking and shutdown across processes.
import { runProcess } from "../run";

await runProcess(() =>
  Promise.resolve({
    handler: () => Promise.resolve(new Response("no web app here", { status: 404 })),
  }),
);
