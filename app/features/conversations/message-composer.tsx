import { type RefObject, useId, useState, useEffect } from "react";
import type { MessageImage } from "../../../contracts/conversations.contract";
import { MAX_MESSAGE_IMAGES, MAX_MESSAGE_LENGTH, messageTexts } from "../../../domain/messages";
import { ApiError } from "../../lib/api-error";
import { addMessageImage } from "./conversations-api";
import { conversationMessages as m } from "./conversations.messages";

/**
 * The message field of the ask dialog and of a conversation's reply box: the text with
 * its count of characters, one-tap suggestions that fill it, and up to six pictures,
 * each uploaded as soon as it is chosen (the server strips what it holds beyond the
 * picture) and shown as a thumbnail with Remove.
 */
export function MessageComposer({
  label,
  text,
  onText,
  images,
  onImages,
  suggestions = [],
  pictures,
  disabled,
  error,
  textRef,
  onUploading,
}: {
  label: string;
  text: string;
  onText: (text: string) => void;
  images: MessageImage[];
  onImages: (update: (images: MessageImage[]) => MessageImage[]) => void;
  suggestions?: readonly string[];
  /** Pictures need an account: a visitor writes the text only. */
  pictures: boolean;
  disabled: boolean;
  /** The form's error (announced, and describing the field), when it shows one. */
  error: string | null;
  textRef?: RefObject<HTMLTextAreaElement | null>;
  /** Told how many pictures are still uploading: the form waits for them before sending. */
  onUploading?: (count: number) => void;
}) {
  const textId = useId();
  const errorId = useId();
  const countId = useId();
  const fileId = useId();
  const hintId = useId();
  const suggestionsId = useId();
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const room = MAX_MESSAGE_IMAGES - images.length - uploading;
  useEffect(() => onUploading?.(uploading), [uploading, onUploading]);

  async function add(files: File[]) {
    setUploadError(null);
    const chosen = files.slice(0, Math.max(0, room));
    if (files.length > chosen.length) setUploadError(messageTexts.tooManyImages);
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const image = await addMessageImage(file);
        onImages((current) => [...current, image].slice(0, MAX_MESSAGE_IMAGES));
      } catch (error) {
        setUploadError(error instanceof ApiError ? error.message : m.uploadFailed);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  return (
    <div className="message-composer">
      {suggestions.length > 0 ? (
        <div className="message-suggestions" role="group" aria-labelledby={suggestionsId}>
          <p id={suggestionsId} className="hint">
            {m.suggestions}
          </p>
          <ul>
            {suggestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  className="chip"
                  aria-pressed={text === question}
                  disabled={disabled}
                  onClick={() => {
                    onText(question);
                    textRef?.current?.focus();
                  }}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={textId}>{label}</label>
        <textarea
          ref={textRef}
          id={textId}
          name="body"
          rows={5}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          readOnly={disabled}
          aria-describedby={error ? `${errorId} ${countId}` : countId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onText(event.currentTarget.value)}
        />
        <small id={countId} className="message-count">
          {m.counter(text.length, MAX_MESSAGE_LENGTH)}
        </small>
      </div>
      {pictures ? (
        <div className="message-pictures">
          {images.length > 0 || uploading > 0 ? (
            <ul className="message-thumbs">
              {images.map((image, index) => (
                <li key={image.id}>
                  <img src={image.thumbnail} alt={m.picture(index + 1)} width={64} height={64} />
                  <button
                    type="button"
                    className="message-thumb-remove"
                    aria-label={m.removePicture(index + 1)}
                    disabled={disabled}
                    onClick={() => onImages((current) => current.filter((i) => i.id !== image.id))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              {uploading > 0 ? (
                <li className="message-thumb-pending" role="status">
                  {m.uploading}
                </li>
              ) : null}
            </ul>
          ) : null}
          {room > 0 ? (
            <div className="message-file">
              <input
                id={fileId}
                className="visually-hidden"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                disabled={disabled}
                aria-describedby={hintId}
                onChange={(event) => {
                  const files = [...(event.currentTarget.files ?? [])];
                  event.currentTarget.value = "";
                  if (files.length) void add(files);
                }}
              />
              <label htmlFor={fileId} className="button button-small">
                {m.addPictures}
              </label>
              <small id={hintId} className="hint">
                {m.picturesHint}
              </small>
            </div>
          ) : null}
          {uploadError ? (
            <p className="field-error" role="alert">
              {uploadError}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message to send: the text as typed (the server trims it) and the pictures' ids. */
export function messageOf(text: string, images: MessageImage[]) {
  return { body: text, imageIds: images.map((image) => image.id) };
}
