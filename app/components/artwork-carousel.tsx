import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { CAROUSEL_SIZES as SIZES, type CarouselImage } from "./artwork-images";
import { counterText, keyStep, swipeStep, wrapIndex } from "./carousel";

/** Keys typed into a field, or pressed inside a dialog, are not the carousel's. */
function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [role='slider'], [role='tablist']")) return true;
  return target.closest("[role='dialog'], [role='alertdialog']") !== null;
}

/**
 * SPEC §2 carousel: arrow keys, swipe (more than 50 px), previous/next buttons, dots
 * and an 'n / total' counter. The picture box has a fixed shape, so changing image
 * never moves the page. The first picture is the page's largest: eager, high priority,
 * and preloaded from the head of the server's HTML (React writes the `preload` there),
 * so the browser asks for it before the stylesheet and scripts (decision 0034).
 */
export function ArtworkCarousel({
  images,
  alt,
  size,
}: {
  images: CarouselImage[];
  /** Describes the work; later pictures add 'image n of total'. */
  alt: string;
  size: { width: number; height: number };
}) {
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const total = images.length;
  const current = images[wrapIndex(index, total)];
  const first = images[0];
  if (first) {
    preload(first.src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: first.srcSet,
      imageSizes: first.srcSet ? SIZES : undefined,
    });
  }

  function step(delta: number) {
    if (delta !== 0) setIndex((i) => wrapIndex(i + delta, total));
  }

  useEffect(() => {
    if (total < 2) return;
    function onKeyDown(event: KeyboardEvent) {
      const delta = keyStep(event.key);
      if (delta === 0 || isForSomethingElse(event)) return;
      event.preventDefault();
      setIndex((i) => wrapIndex(i + delta, total));
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [total]);

  // Fetch the neighbours early, so the next arrow press shows a picture at once.
  useEffect(() => {
    if (total < 2) return;
    for (const delta of [1, -1]) {
      const neighbour = images[wrapIndex(index + delta, total)];
      if (!neighbour) continue;
      const img = new Image();
      img.sizes = SIZES;
      if (neighbour.srcSet) img.srcset = neighbour.srcSet;
      img.src = neighbour.src;
    }
  }, [images, index, total]);

  if (!current) {
    return (
      <div className="carousel">
        <div className="carousel-stage carousel-empty">
          <span>No image</span>
        </div>
      </div>
    );
  }

  const position = wrapIndex(index, total);
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Artwork images">
      <div
        className="carousel-stage"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const touch = event.changedTouches[0];
          const start = touchStart.current;
          touchStart.current = null;
          if (start && touch) step(swipeStep(start, { x: touch.clientX, y: touch.clientY }));
        }}
      >
        <img
          key={current.src}
          src={current.src}
          srcSet={current.srcSet}
          sizes={current.srcSet ? SIZES : undefined}
          alt={total > 1 ? `${alt}, image ${position + 1} of ${total}` : alt}
          width={size.width}
          height={size.height}
          loading="eager"
          fetchPriority={position === 0 ? "high" : "auto"}
          decoding={position === 0 ? "auto" : "async"}
          draggable={false}
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              className="carousel-arrow carousel-prev"
              onClick={() => step(-1)}
              aria-label="Previous image"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="carousel-arrow carousel-next"
              onClick={() => step(1)}
              aria-label="Next image"
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      <div className="carousel-footer">
        {total > 1 ? (
          <>
            <div className="carousel-dots" role="group" aria-label="Choose an image">
              {images.map((image, i) => (
                <button
                  key={`${i}:${image.src}`}
                  type="button"
                  className="carousel-dot"
                  aria-label={`Image ${i + 1} of ${total}`}
                  aria-current={i === position ? "true" : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
            <p className="carousel-counter" aria-live="polite" aria-atomic="true">
              {counterText(position, total)}
            </p>
          </>
        ) : null}
        <a className="carousel-original" href={current.original}>
          View full size
        </a>
      </div>
    </section>
  );
}
