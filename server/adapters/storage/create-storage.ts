import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createS3Storage } from "./s3-storage";
import { type StorageAdapter, createLocalStorage } from "./storage";

/** The store chosen by configuration: an S3-compatible bucket when S3_BUCKET is set. */
export function createStorage(
  config: Pick<Config, "storage" | "mediaDir">,
  logger?: Logger,
): StorageAdapter {
  if (config.storage.kind === "s3") return createS3Storage(config.storage);
  return createLocalStorage({ dir: config.mediaDir, publicPath: "/media", logger });
}
