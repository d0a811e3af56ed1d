import type * as AwsS3 from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { type Readable, Transform } from "node:stream";
import { type StorageAdapter, assertSafeKey, keyUnder } from "./storage";

/** Every stored name is new (a random part), so a file never changes: caches may keep it. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type S3StorageOptions = {
  bucket: string;
  /** A custom endpoint (MinIO, R2, s3rver, …): requests are then path-style. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The public or CDN base of the bucket's objects; addresses are `${publicUrl}/${key}`. */
  publicUrl: string;
};

/**
 * Files in an S3-compatible bucket, through the official AWS SDK. Objects are written
 * with their content type and a year-long immutable Cache-Control, which the store
 * and any CDN in front of it pass on to browsers.
 *
 * The SDK is loaded at the first write: its memory (docs/performance.md, "Server
 * memory") would otherwise be carried for nothing by a server on local storage, the
 * default.
 */
export function createS3Storage(
  options: S3StorageOptions,
): StorageAdapter & { client(): Promise<S3Client> } {
  let sdk: Promise<typeof AwsS3> | undefined;
  let client: Promise<S3Client> | undefined;
  const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));
  const clientOf = () =>
    (client ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: options.region,
          endpoint: options.endpoint,
          forcePathStyle: options.endpoint !== undefined,
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }),
    ));
  const base = options.publicUrl.replace(/\/+$/, "");
  function url(key: string) {
    return `${base}/${key}`;
  }
  return {
    kind: "s3",
    client: clientOf,
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { PutObjectCommand } = await loadSdk();
      await (
        await clientOf()
      ).send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      return { key, url: url(key) };
    },
    async putStream(key, body, contentType) {
      assertSafeKey(key);
      // A stream of unknown length goes up in parts (5 MB each, a few at once): the SDK's
      // own multipart upload, aborted when the stream fails, so no half object is left.
      const { Upload } = await import("@aws-sdk/lib-storage");
      let bytes = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.on("error", (error) => counted.destroy(error));
      await new Upload({
        client: await clientOf(),
        params: { Bucket: options.bucket, Key: key, Body: counted, ContentType: contentType },
        queueSize: 2,
        leavePartsOnError: false,
      }).done();
      return { bytes };
    },
    async read(key) {
      assertSafeKey(key);
      const { GetObjectCommand } = await loadSdk();
      const answer = await (
        await clientOf()
      ).send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      if (!answer.Body) throw new Error(`empty object: ${key}`);
      return answer.Body as Readable;
    },
    async delete(key) {
      assertSafeKey(key);
      const { DeleteObjectCommand } = await loadSdk();
      await (await clientOf()).send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    url,
    keyOf: (address) => keyUnder(base, address),
  };
}
