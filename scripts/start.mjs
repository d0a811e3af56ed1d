// `npm start`: build the app, then run the compiled server in this process.
// It first checks the data-folder lock so that a second `npm start` on the same
// folder stops at once, before the build touches anything.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const usesEmbeddedDatabase = !process.env.DATABASE_URL;
if (usesEmbeddedDatabase) {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const holder = lockHolder(path.join(dataDir, "db.lock"));
  if (holder) {
    console.error(
      `The data folder ${dataDir} is in use by another Vernissage process (pid ${holder}). ` +
        "Stop that process first, or start this one with another DATA_DIR.",
    );
    process.exit(1);
  }
}

console.log("Building Vernissage…");
execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
process.env.NODE_ENV ??= "production";
await import("../build/server/main.js");

function lockHolder(file) {
  let pid;
  try {
    pid = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === "EPERM" ? pid : undefined;
  }
}
