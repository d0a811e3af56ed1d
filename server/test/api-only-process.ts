// The real server process without the web app (which needs `npm run build`): used by
// start.integration.test.ts to test locking and shutdown across processes, and by
// processes.integration.test.ts for several processes (WEB_CONCURRENCY, as main.ts).
import { runServerProcesses } from "../cluster";

await runServerProcesses(() =>
  Promise.resolve({
    handler: () => Promise.resolve(new Response("no web app here", { status: 404 })),
  }),
);
