// `npm start`: build the app when its sources changed, then run the compiled server in
// this process. It first checks the data-folder lock so that a second `npm start` on the
// same folder stops at once, before the build touches anything.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// What the build reads. A build made by `npm start` leaves the sources' fingerprint in
// the stamp; the next start with the same fingerprint skips the build (a restart is then
// the server's own start, not a rebuild).
const SOURCES = ["app", "server", "contracts", "domain", "public", "scripts"];
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const stampFile = path.join(root, "build", ".sources-stamp");

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

const fingerprint = sourcesFingerprint();
if (!buildIsCurrent(fingerprint)) build(fingerprint);
process.env.NODE_ENV ??= "production";
await import("../build/server/main.js");

function buildIsCurrent(fingerprint) {
  if (!existsSync(path.join(root, "build", "server", "main.js"))) return false;
  try {
    return readFileSync(stampFile, "utf8").trim() === fingerprint;
  } catch {
    return false;
  }
}

// The build's own output (bundler progress, and notices from inside the build tools that
// are not ours to fix) means nothing to a person starting the app: it is kept, and shown
// only when the build fails.
function build(fingerprint) {
  console.log("Building Vernissage…");
  const started = Date.now();
  rmSync(stampFile, { force: true });
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`The build failed${result.error ? `: ${result.error.message}` : ""}.`);
    process.exit(1);
  }
  writeFileSync(stampFile, `${fingerprint}\n`);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// Every source file's path, size and modification time: a changed, added or removed
// file changes the fingerprint. Reading the metadata of a thousand files takes
// milliseconds, where hashing their contents would not.
function sourcesFingerprint() {
  const hash = createHash("sha256");
  const files = SOURCE_FILES.map((file) => path.join(root, file));
  for (const dir of SOURCES) {
    const from = path.join(root, dir);
    if (!existsSync(from)) continue;
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  for (const file of files.sort()) {
    const stat = statSync(file, { throwIfNoEntry: false });
    hash.update(`${path.relative(root, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest("hex");
}

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
