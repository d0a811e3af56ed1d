// Writes `.br` and `.gz` copies beside every text file of the built client (build/client),
// at the slowest, smallest settings: the server sends them to clients that accept them
// (server/http/client-files.ts), so no asset is compressed per request. A copy
// that would not be smaller is not written. Run by scripts/build-server.mjs after the build.
import { readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files worth compressing; images and fonts are compressed already. */
const TEXT_FILE = /\.(js|mjs|cjs|css|html|svg|json|webmanifest|xml|txt|map)$/i;
/** Below this the coding's own overhead eats the gain (the server's threshold too). */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompress(dir) {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  for await (const file of filesUnder(dir)) {
    if (/\.(br|gz)$/i.test(file)) continue;
    if (!TEXT_FILE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [copy, ext] of [
      [br, ".br"],
      [gz, ".gz"],
    ]) {
      // An older copy of a file that no longer compresses must not be served instead of it.
      if (copy.length < bytes.length) await writeFile(file + ext, copy);
      else await unlink(file + ext).catch(() => undefined);
    }
    files += 1;
    before += bytes.length;
    afterBr += Math.min(br.length, bytes.length);
  }
  return { files, before, afterBr };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  const { files, before, afterBr } = await precompress(dir);
  console.log(`Precompressed ${files} files in ${dir}: ${before} bytes, ${afterBr} with brotli`);
}
