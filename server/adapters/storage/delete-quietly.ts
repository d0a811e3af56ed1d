import type { Logger } from "../../logger";
import type { StorageAdapter } from "./storage";

/** Deletes files nobody refers to any more; a failure is logged, never the caller's problem. */
export async function deleteFilesQuietly(
  deps: { storage: StorageAdapter; logger: Logger },
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn("could not delete an image file", { key, error });
    }
  }
}
