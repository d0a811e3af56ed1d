import { useEffect, useId, useRef, useState } from "react";
import { MAX_APPLICATION_IMAGES } from "../../../contracts/applications.values";
import type { UploadedImage } from "../../../contracts/uploads.contract";
import { FormError } from "../../components/ui/form-message";
import { ApiError, request } from "../../lib/api-client";
import { useFilesChosenEarly } from "../../lib/early-input";

const address = "/api/me/artist-application/images";

export const applicationPicturesText = {
  heading: "Pictures of your work",
  hint: `Up to ${MAX_APPLICATION_IMAGES} pictures (JPEG, PNG or WebP) help the team decide. They are shown to the team only.`,
  choose: "Add pictures",
  uploading: "Uploading…",
  failed: "The picture could not be uploaded. Please try again.",
  removeFailed: "The picture could not be removed. Please try again.",
} as const;

function messageOf(error: unknown, fallback: string): string {
  // The server's own words say what was wrong with the file, or that 6 is the limit.
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}

/**
 * The applicant's pictures of their work: each chosen file is sent at once through the
 * image pipeline (the server keeps the limit and says when it is reached), then shown
 * with a Remove button. A file chosen before the page's scripts ran is sent too.
 */
export function ApplicationPictures() {
  const t = applicationPicturesText;
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    request(address)
      .then((answer) => {
        const list = (answer as { images?: UploadedImage[] }).images;
        if (live && Array.isArray(list)) setImages((shown) => (shown.length ? shown : list));
      })
      .catch((failure: unknown) => {
        // Not after the section is gone: nobody is there to see the list any more.
        if (live) console.warn("The application pictures failed to load", failure);
      });
    return () => {
      live = false;
    };
  }, []);

  async function send(files: File[], input: HTMLInputElement) {
    input.value = "";
    if (files.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      for (const file of files) {
        const body = new FormData();
        body.append("image", file);
        const added = (await request(address, { method: "POST", body })) as UploadedImage;
        setImages((shown) => [...shown, added]);
      }
    } catch (failure) {
      setError(messageOf(failure, t.failed));
    } finally {
      setBusy(false);
    }
  }

  useFilesChosenEarly(inputRef, (files, input) => void send(files, input));

  async function remove(id: string) {
    setError(null);
    try {
      await request(`${address}/${encodeURIComponent(id)}`, { method: "DELETE" });
      setImages((shown) => shown.filter((image) => image.id !== id));
      inputRef.current?.focus();
    } catch (failure) {
      setError(messageOf(failure, t.removeFailed));
    }
  }

  const total = images.length;
  return (
    <div className="application-pictures-field stack" aria-busy={busy}>
      <h3>{t.heading}</h3>
      <p id={hintId} className="hint">
        {t.hint}
      </p>
      <div className="application-pictures-choose">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden application-pictures-input"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) =>
            void send(Array.from(event.currentTarget.files ?? []), event.currentTarget)
          }
        />
        <label htmlFor={inputId} className={`button${busy ? " is-disabled" : ""}`}>
          {busy ? t.uploading : t.choose}
        </label>
        <span className="hint" aria-live="polite">
          {total} of {MAX_APPLICATION_IMAGES} pictures
        </span>
      </div>
      <FormError message={error} />
      {total > 0 ? (
        <ul className="application-picture-list" aria-label={t.heading}>
          {images.map((image, index) => (
            <li key={image.id} className="application-picture">
              <img
                src={image.thumbnail}
                alt={`Picture ${index + 1} of ${total}`}
                width={96}
                height={96}
              />
              <button
                type="button"
                className="button"
                aria-label={`Remove picture ${index + 1}`}
                onClick={() => void remove(image.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
