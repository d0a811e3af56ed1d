import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, request } from "../../lib/api-client";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useFilesChosenEarly } from "../../lib/early-input";
import { profilePageMessages as m } from "./profiles.messages";

type PhotoError = { message: string; detail: string | null };

/**
 * The server's own words, when they help: a 4xx that says what was wrong with the file
 * (not a readable image, too large). Anything else only gets the SPEC's message.
 */
function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  if (error.code !== "VALIDATION_FAILED" && error.code !== "PAYLOAD_TOO_LARGE") return null;
  return error.message;
}

/**
 * SPEC §2 Profile, the owner only: Add Photo (no photo yet) or Change Photo, and Remove
 * behind a confirmation. Sends the file to `PUT /api/me/photo` and removes with
 * `DELETE`; then revalidates, so this page's avatar and the header's (the root loader's
 * session user) show the new photo at once. A failure keeps the old photo (§8).
 */
export function ProfilePhotoControls({ hasPhoto }: { hasPhoto: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<"uploading" | "removing" | null>(null);
  const [error, setError] = useState<PhotoError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function send(
    method: "PUT" | "DELETE",
    body: FormData | undefined,
    failed: string,
  ): Promise<boolean> {
    setError(null);
    setBusy(method === "PUT" ? "uploading" : "removing");
    try {
      try {
        await request("/api/me/photo", { method, body });
      } catch (error) {
        setError({ message: failed, detail: serverDetail(error) });
        return false;
      }
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File) {
    const formData = new FormData();
    formData.append("photo", file);
    await send("PUT", formData, m.photoUploadFailed);
    // The same file may be chosen again after a failure.
    if (inputRef.current) inputRef.current.value = "";
  }

  // A photo chosen before the page's scripts ran is uploaded as if chosen now.
  useFilesChosenEarly(inputRef, ([file]) => {
    if (file) void upload(file);
  });

  async function remove() {
    setConfirming(false);
    const removed = await send("DELETE", undefined, m.photoRemoveFailed);
    // The Remove button is gone: keep focus on the photo controls.
    if (removed) inputRef.current?.focus();
  }

  const chooseLabel =
    busy === "uploading" ? "Uploading photo…" : hasPhoto ? "Change Photo" : "Add Photo";

  return (
    <div className="profile-photo-controls" aria-busy={busy !== null}>
      <div className="profile-photo-buttons">
        <label
          htmlFor={inputId}
          className={`button profile-photo-choose${busy ? " is-disabled" : ""}`}
        >
          {chooseLabel}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden profile-photo-input"
          disabled={busy !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        {hasPhoto ? (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
          >
            {busy === "removing" ? "Removing…" : "Remove"}
          </button>
        ) : null}
      </div>
      {/* Always present, so screen readers announce the busy state when it appears. */}
      <p className="visually-hidden" role="status">
        {busy === "uploading" ? "Uploading photo…" : busy === "removing" ? "Removing photo…" : ""}
      </p>
      {error ? (
        <p className="message message-error" role="alert">
          {error.message}
          {error.detail ? (
            <>
              <br />
              {error.detail}
            </>
          ) : null}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Remove photo"
          confirmLabel="Remove"
          tone="primary"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          {m.confirmRemovePhoto}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
