import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // React Router 8's behaviour where it costs nothing here (decision 0049): no route has
  // a clientLoader or clientAction to split, and the build uses Vite's environment API.
  // Kept at 7's: middleware (it would turn every loader's `context.services` into a
  // context provider) and the data-request URLs (.data), which the page cache reads.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
