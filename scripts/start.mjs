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

// The same reading as server/db/lock.ts (which this script, run before the build, cannot
// import): `{"pid","startTime"}` or a bare pid; a live pid whose start time differs is
// a reused pid, not the holder.
function lockHolder(file) {
  let owner;
  try {
    const text = readFileSync(file, "utf8").trim();
    owner = /^\d+$/.test(text) ? { pid: Number(text) } : JSON.parse(text);
  } catch {
    return undefined;
  }
  const pid = owner?.pid;
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return undefined;
  }
  const startTime = typeof owner.startTime === "string" ? processStartTime(pid) : undefined;
  return startTime && startTime !== owner.startTime ? undefined : pid;
}

function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}
