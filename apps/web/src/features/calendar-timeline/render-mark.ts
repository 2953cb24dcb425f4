import { type RefObject, useLayoutEffect } from 'react';

/** The performance measure a timeline leaves after each render (read by bench/calendar-render.ts). */
export const TIMELINE_RENDER_MEASURE = 'calendar-timeline-render';

/**
 * Measures one render of a timeline: from the start of its render (the time given, taken in the
 * component's body before its rows render) to its DOM committed and laid out (a forced layout
 * read), as a performance measure with the view and the number of events in `detail`.
 */
export function useRenderMeasure(
  startedAt: number,
  element: RefObject<HTMLElement | null>,
  detail: { view: 'daily' | 'weekly'; events: number; rows: number },
) {
  useLayoutEffect(() => {
    void element.current?.offsetHeight;
    // Only the latest stays in the timeline (a long session renders often); observers see each one.
    performance.clearMeasures(TIMELINE_RENDER_MEASURE);
    performance.measure(TIMELINE_RENDER_MEASURE, { start: startedAt, end: performance.now(), detail });
  });
}

/** Events of rows: their timed and full-day items. */
export function eventsOf(rows: ReadonlyArray<{ issues: unknown[]; full_day: unknown[] }>): number {
  return rows.reduce((sum, row) => sum + row.issues.length + row.full_day.length, 0);
}
