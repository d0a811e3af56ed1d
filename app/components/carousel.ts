/** The pure rules of the artwork carousel (SPEC §2, §9), tested in carousel.test.ts. */

/** SPEC §9: a swipe counts once the finger has moved more than 50 px sideways. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The carousel wraps around: next on the last image shows the first, previous on the
 * first shows the last (with a few images, that beats a dead button at either end).
 */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

type Point = { x: number; y: number };

/**
 * +1 (next) for a swipe to the left, -1 (previous) for a swipe to the right, 0 when
 * the finger moved 50 px or less sideways, or more up/down than sideways (a scroll).
 */
export function swipeStep(start: Point, end: Point, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** ArrowRight shows the next image, ArrowLeft the previous; other keys are not ours. */
export function keyStep(key: string): -1 | 0 | 1 {
  if (key === "ArrowRight") return 1;
  if (key === "ArrowLeft") return -1;
  return 0;
}

/** SPEC §2 counter: 'n / total', counting from 1. */
export function counterText(index: number, total: number): string {
  return `${wrapIndex(index, total) + 1} / ${total}`;
}
