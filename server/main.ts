/**
 * Production entry: compiled to build/server/main.js by scripts/build-server.mjs.
 *
 * React picks its production or development build from NODE_ENV when it is first loaded,
 * and the config's default ("production") does not reach it. `npm start` sets it; a process
 * manager that runs this file with no NODE_ENV got React's development build (several
 * times the CPU per page, bench/throughput-server.ts), or a mix of both builds that
 * crashed rendering an e-mail. An ES module's imports all load before its first
 * statement runs, so the server is a file of its own (build/server/serve.js), imported
 * once NODE_ENV is set; an explicit NODE_ENV still wins.
 */
process.env.NODE_ENV ??= "production";
await import("./serve.js");
export {};
