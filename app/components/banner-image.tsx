import { useState } from "react";
import { isUsableImageUrl } from "../lib/image-urls";

type BannerImageProps = {
  src: string | null;
  /** Shown as the text fallback (SPEC §2). */
  name: string;
  /** The page's largest image: loaded at once with high priority. */
  priority?: boolean;
  className?: string;
};

/**
 * An exhibition banner, or a text fallback with the name when the banner is missing,
 * is not a valid address, or fails to load (SPEC §2). Both fill the same box, so the
 * swap does not shift the page. The image is decorative: the name is always next to it.
 */
export function BannerImage(props: BannerImageProps) {
  // A new address starts over (a banner that failed before may load now).
  return <BannerImageOnce key={props.src ?? ""} {...props} />;
}

function BannerImageOnce({ src, name, priority = false, className = "" }: BannerImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed || !isUsableImageUrl(src)) {
    return (
      <div className={`banner-box banner-fallback ${className}`} aria-hidden="true">
        <span>{name}</span>
      </div>
    );
  }
  return (
    <div className={`banner-box ${className}`}>
      <img
        // A server-rendered image can fail before hydration attaches onError:
        // the browser then reports it as complete with no pixels.
        ref={(img) => {
          if (img?.complete && img.naturalWidth === 0) setFailed(true);
        }}
        src={src}
        alt=""
        width={1600}
        height={600}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
