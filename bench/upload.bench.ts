/**
 * `npm run bench:upload`: a 12-megapixel photo through `POST /api/uploads/images`
 * (the real app in-process: session, multipart, decode, three derivatives, local
 * storage, the uploads row on PGlite), next to the same sharp work called directly
 * (`renderArtworkImage`, which decodes the upload once per derivative), and an
 * alternative that decodes once to raw pixels and encodes the three derivatives from
 * them, all interleaved in the same run. Not a test: it reports latencies, their
 * ratios and the process's peak memory. See docs/performance.md.
 *
 *   npm run bench:upload -- --iterations 10
 */
import { parseArgs } from "node:util";
import sharp from "sharp";
import {
  ARTWORK_IMAGE_SIZES,
  MAX_IMAGE_PIXELS,
  renderArtworkImage,
} from "../server/images/image-pipeline";
import { signUp } from "../server/features/profiles/profiles.test-helpers";
import { postImage } from "../server/features/uploads/uploads.test-helpers";
import { createTestApp } from "../server/test/test-app";
import { measureInterleaved, type Stats } from "./measure";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: { iterations: { type: "string", default: "10" } },
});
const iterations = Number(args.iterations);
if (!Number.isInteger(iterations) || iterations < 1) throw new Error("--iterations must be ≥ 1");

const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * A photo-like 4000 × 3000 JPEG: smooth colour gradients with fine grain, so it
 * compresses like a camera picture (a few MB), not like a flat test card.
 */
async function photoLikeJpeg(): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1d3557"/><stop offset="0.5" stop-color="#e9c46a"/>
        <stop offset="1" stop-color="#9d0208"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      // The types want a background; with noise, sharp does not use it.
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The single-decode alternative to `renderVariants` (measured, not adopted; see
 * docs/performance.md, "Upload"): rotate, cap and convert to sRGB once into raw pixels, then
 * encode the same three derivatives, with the same settings, from that buffer.
 */
async function singleDecodeArtwork(input: Buffer): Promise<Buffer[]> {
  const cap = ARTWORK_IMAGE_SIZES.original;
  const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
    .rotate()
    .resize(cap, cap, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const webp = (size: number) =>
    pixels()
      .resize(size, size, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  return [
    await pixels()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer(),
    await webp(ARTWORK_IMAGE_SIZES.medium),
    await webp(ARTWORK_IMAGE_SIZES.thumbnail),
  ];
}

/** Peak resident memory of this process so far, sampled often plus the kernel's maximum. */
let sampledPeak = 0;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
}, 10);
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const ms = (x: number) => x.toFixed(0);

console.log("# Upload benchmark\n");
for (const line of machineLines()) console.log(`- ${line}`);

const photo = await photoLikeJpeg();
const meta = await sharp(photo).metadata();
console.log(
  `\ninput: ${meta.width} × ${meta.height} JPEG, ${(photo.length / 1024 ** 2).toFixed(1)} MB`,
);

const t = await createTestApp();
try {
  const artist = await signUp(t, {}, { isArtist: true });
  const rssBefore = process.memoryUsage.rss();
  sampledPeak = rssBefore;

  const sides = {
    async endpoint() {
      const response = await postImage(t, artist, photo, "IMG_1234.jpg", "image/jpeg");
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      await response.arrayBuffer();
    },
    async direct() {
      await renderArtworkImage(photo);
    },
    async singleDecode() {
      await singleDecodeArtwork(photo);
    },
  };
  const result: Record<keyof typeof sides, Stats> = await measureInterleaved(sides, {
    warmup: 1,
    iterations,
    budgetMs: 10 * 60_000,
    minIterations: Math.min(iterations, 5),
  });
  const peak = Math.max(sampledPeak, process.resourceUsage().maxRSS * 1024);

  const table = [
    "| side | n | p50 ms | p95 ms | mean ms |",
    "| --- | --- | --- | --- | --- |",
    ...(["endpoint", "direct", "singleDecode"] as const).map(
      (side) =>
        `| ${side} | ${result[side].n} | ${ms(result[side].p50)} | ${ms(result[side].p95)} | ${ms(result[side].mean)} |`,
    ),
  ].join("\n");
  console.log(`\n${table}\n`);
  console.log(
    `ratio (endpoint p50 ÷ direct p50): ${(result.endpoint.p50 / result.direct.p50).toFixed(2)}×`,
  );
  console.log(
    `ratio (single decode p50 ÷ direct p50): ${(result.singleDecode.p50 / result.direct.p50).toFixed(2)}×`,
  );
  console.log(`RSS before the rounds: ${mib(rssBefore)}; peak RSS of the process: ${mib(peak)}`);
} finally {
  clearInterval(sampler);
  await t.close();
}
