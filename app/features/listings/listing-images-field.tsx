import { useEffect, useId, useRef, useState } from "react";
import { MAX_LISTING_IMAGES } from "../../../domain/listing";
import { useFilesChosenEarly } from "../../lib/early-input";
import { type DraftImage, addFiles, moveImage, removeImage } from "./listing-draft";
import { listingPageMessages as m } from "./listings.messages";

type Action = "earlier" | "later" | "remove";

/**
 * The listing's images: a file input (any image type, several at once), previews shown
 * at once from object URLs, and for each image Earlier / Later / Remove buttons. The
 * first image is the cover and says so. After a move the focus stays on the moved
 * image's button, so a keyboard user can keep moving it.
 */
export function ListingImagesField({
  images,
  onChange,
  invalid,
}: {
  images: DraftImage[];
  onChange: (images: DraftImage[]) => void;
  invalid: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusNext = useRef<{ key: string; action: Action } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    const wanted = focusNext.current;
    focusNext.current = null;
    if (!wanted) return;
    const list = listRef.current;
    const buttons = Array.from(
      list?.querySelectorAll<HTMLButtonElement>(`[data-image="${wanted.key}"] button`) ?? [],
    );
    const same = buttons.find((b) => b.dataset.action === wanted.action && !b.disabled);
    const target = same ?? buttons.find((b) => !b.disabled);
    if (target) target.focus();
    else inputRef.current?.focus();
  }, [images]);

  function choose(files: File[], input: HTMLInputElement) {
    // The same file may be chosen again later (e.g. after removing it).
    input.value = "";
    if (files.length === 0) return;
    const added = addFiles(images, files, (file) => URL.createObjectURL(file));
    setNote(added.refused > 0 ? m.tooManyFiles : null);
    onChange(added.images);
  }

  // Files chosen before the page's scripts ran are added as if chosen now.
  useFilesChosenEarly(inputRef, choose);

  function act(index: number, action: Action) {
    const image = images[index];
    if (!image) return;
    setNote(null);
    if (action === "remove") {
      // The focus goes to the image that takes its place, or to the file input.
      const neighbour = images[index + 1] ?? images[index - 1];
      focusNext.current = neighbour ? { key: neighbour.key, action: "remove" } : null;
      if (!neighbour) inputRef.current?.focus();
      onChange(removeImage(images, index));
      return;
    }
    focusNext.current = { key: image.key, action };
    onChange(moveImage(images, index, action === "earlier" ? -1 : 1));
  }

  const total = images.length;
  return (
    <div className="field listing-images">
      <label htmlFor={inputId}>
        <span className="listing-label">Images</span>
      </label>
      <p id={hintId} className="hint">
        {m.imagesHint}
      </p>
      {/* The browser's own control would say "No file chosen" next to the chosen
          images (the input is emptied after each choice), so it is hidden and a label
          styled as a button opens it; the count beside it says what is chosen. The
          input keeps the focus (its outline shows on the label) and the name "Images". */}
      <div className="listing-file-row">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden listing-file-input"
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          onChange={(event) =>
            choose(Array.from(event.currentTarget.files ?? []), event.currentTarget)
          }
        />
        <label htmlFor={inputId} className="button listing-file-button" aria-hidden="true">
          {total === 0 ? "Choose images" : "Add images"}
        </label>
        <span className="listing-file-count" aria-hidden="true">
          {total === 0 ? "No images chosen" : `${total} ${total === 1 ? "image" : "images"} chosen`}
        </span>
      </div>
      {note ? (
        <p className="hint" role="status">
          {note}
        </p>
      ) : null}
      {total > 0 ? (
        <ol ref={listRef} className="listing-image-list" aria-label="Chosen images">
          {images.map((image, index) => {
            const n = index + 1;
            return (
              <li key={image.key} data-image={image.key} className="listing-image">
                <div className="listing-image-thumb">
                  <img
                    src={image.thumbnail}
                    alt={`Image ${n} of ${total}${index === 0 ? " (cover)" : ""}: ${image.name}`}
                    width={96}
                    height={96}
                  />
                  {index === 0 ? <span className="listing-cover-badge">Cover</span> : null}
                </div>
                <div className="listing-image-buttons">
                  <button
                    type="button"
                    className="button listing-small-button"
                    data-action="earlier"
                    aria-label={`Move image ${n} earlier`}
                    disabled={index === 0}
                    onClick={() => act(index, "earlier")}
                  >
                    Earlier
                  </button>
                  <button
                    type="button"
                    className="button listing-small-button"
                    data-action="later"
                    aria-label={`Move image ${n} later`}
                    disabled={index === total - 1}
                    onClick={() => act(index, "later")}
                  >
                    Later
                  </button>
                  <button
                    type="button"
                    className="button listing-small-button"
                    data-action="remove"
                    aria-label={`Remove image ${n}`}
                    onClick={() => act(index, "remove")}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p className="hint" aria-live="polite">
        {total} of {MAX_LISTING_IMAGES} images
      </p>
    </div>
  );
}
