import { ApiError, apiErrorOf } from "./api-client";

/** One file of a batch: its size, and how many of its bytes count as sent. */
export type UploadPart = { size: number; sent: number; done: boolean };

/**
 * The batch's progress in whole percent over all files' bytes. It shows 100 only when
 * every file has been answered by the server: the last bytes leave the browser before
 * the server has stored them, so until then it stops at 99.
 */
export function overallPercent(parts: UploadPart[]): number {
  if (parts.every((part) => part.done)) return 100;
  const total = parts.reduce((sum, part) => sum + part.size, 0);
  if (total <= 0) return 0;
  const sent = parts.reduce(
    (sum, part) => sum + (part.done ? part.size : Math.min(Math.max(part.sent, 0), part.size)),
    0,
  );
  return Math.min(99, Math.floor((sent * 100) / total));
}

/**
 * A file's bytes sent, from an upload progress event: the event counts the whole
 * multipart body (boundaries and headers too), so its share is scaled to the file.
 */
export function fileBytesSent(fileSize: number, loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(fileSize, Math.round((fileSize * loaded) / total));
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  const fallback = xhr.status === 413 ? "The file is too large." : "The upload failed.";
  return apiErrorOf(xhr.status, body, fallback);
}

/**
 * POSTs a multipart form with XMLHttpRequest, whose `upload.onprogress` (which fetch
 * does not have) reports the bytes sent. Resolves with the answer's JSON, unchecked;
 * error answers become ApiError, a network failure status 0.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, "INTERNAL", "The server's answer could not be read."));
        }
        return;
      }
      reject(errorOf(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "The server could not be reached."));
    xhr.send(form);
  });
}
