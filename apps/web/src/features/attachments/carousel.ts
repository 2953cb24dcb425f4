import { CAROUSEL_MAX_DOTS } from '@workbench/domain';

/** An index moved by a step, wrapping around at both ends (001 §9: the carousel wraps). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * The item indexes that get a dot (001 §9: at most 6). With more items the dots are a window
 * that keeps the active one inside, moving as it nears either edge.
 */
export function dotWindow(active: number, count: number, maxDots = CAROUSEL_MAX_DOTS): number[] {
  if (count <= 0) return [];
  const size = Math.min(count, maxDots);
  const current = wrapIndex(active, count);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), count - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The next index in a direction that is not skipped (a PDF that failed to load is skipped
 * silently, 001 §8), wrapping around; the current index when nothing else can be shown.
 */
export function stepIndex(current: number, direction: 1 | -1, count: number, skipped: ReadonlySet<number>) {
  for (let step = 1; step < count; step++) {
    const candidate = wrapIndex(current + direction * step, count);
    if (!skipped.has(candidate)) return candidate;
  }
  return current;
}
