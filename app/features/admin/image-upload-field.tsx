import { useId, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { uploadWithProgress } from "../../lib/upload-with-progress";

type Uploaded = { id: string; original: string; medium: string };

/**
 * A console image (a banner, an exhibition's banner): the file goes to
 * `POST /api/admin/images` as soon as it is chosen (the artwork image pipeline), with
 * its progress; the form then sends the upload's id in the hidden field `uploadId`.
 */
export function ImageUploadField({
  label,
  hint,
  current,
}: {
  label: string;
  hint: string;
  /** The address shown before a new image is chosen. */
  current?: string | null;
}) {
  const id = useId();
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "uploading"; percent: number }
    | { kind: "done"; upload: Uploaded }
    | { kind: "failed"; message: string }
  >({ kind: "idle" });

  async function choose(file: File | undefined) {
    if (!file) return;
    setState({ kind: "uploading", percent: 0 });
    const form = new FormData();
    form.set("image", file);
    try {
      const upload = (await uploadWithProgress("/api/admin/images", form, (loaded, total) =>
        setState({ kind: "uploading", percent: Math.min(99, Math.round((loaded / total) * 100)) }),
      )) as Uploaded;
      setState({ kind: "done", upload });
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof ApiError ? error.message : "The image could not be uploaded.",
      });
    }
  }

  const preview = state.kind === "done" ? state.upload.medium : current;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/tiff"
        aria-describedby={`${id}-hint ${id}-status`}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <p id={`${id}-status`} className="hint" role="status">
        {state.kind === "uploading" ? `Uploading… ${state.percent}%` : null}
        {state.kind === "done" ? "Uploaded. Save to use it." : null}
      </p>
      {state.kind === "failed" ? (
        <p className="message message-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="uploadId" value={state.kind === "done" ? state.upload.id : ""} />
      {preview ? (
        <div className="admin-banner-preview">
          <img src={preview} alt="" />
        </div>
      ) : null}
    </div>
  );
}
