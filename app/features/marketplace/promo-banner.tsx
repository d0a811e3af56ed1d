import { useSyncExternalStore } from "react";
import { marketplaceTexts as t } from "./marketplace-texts";

const STORAGE_KEY = "vernissage.dismissedBanner";
const CHANGE_EVENT = "vernissage:banner-dismissed";

/** Used when storage is blocked: the dismissal then lasts until the next page load. */
let dismissedInMemory: string | null = null;

function dismissedBannerId(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? dismissedInMemory;
  } catch {
    return dismissedInMemory;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/**
 * SPEC §2, §4: the one active banner, dismissible for this session only
 * (sessionStorage, per banner, so a new banner shows again). The server renders it
 * visible; after hydration it hides if it was dismissed in this session.
 */
export function PromoBanner({
  banner,
  onDismissed,
}: {
  banner: { id: string; imageUrl: string; altText: string };
  onDismissed: () => void;
}) {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => dismissedBannerId() === banner.id,
    () => false,
  );
  if (dismissed) return null;

  function dismiss() {
    dismissedInMemory = banner.id;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, banner.id);
    } catch {
      // Storage blocked: the in-memory note above is all we have.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
    onDismissed();
  }

  return (
    <aside className="promo-banner" aria-label="Promotion">
      <img
        src={banner.imageUrl}
        // What the banner says; a banner stored without its text gets a generic name.
        alt={banner.altText.trim() || t.bannerAlt}
        width={2400}
        height={600}
        // Not high priority (decision 0034): on a phone the banner is a 4:1 strip, smaller
        // on the screen than the first card's picture, which is the page's largest; a
        // high-priority banner would share the first bandwidth with it.
        // Low, said outright: left to itself Chromium raises a picture it finds on the
        // first screen to high once laid out, and in 3 of 5 Lighthouse runs the banner's
        // 31 KB then shared the line with the first card's 14 KB (home LCP 1.36–1.38 s
        // against 1.06–1.08 s when it stayed low). Still fetched from the first HTML.
        fetchPriority="low"
        decoding="async"
      />
      <button
        type="button"
        className="promo-banner-dismiss"
        aria-label={t.dismissBanner}
        onClick={dismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
