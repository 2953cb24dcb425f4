import { Anchor, Group } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

export type WrappingFilterBar = {
  /** The filters' Group: its children are watched for a second row. */
  barRef: React.RefObject<HTMLDivElement | null>;
  /** The filters take more than one row at this width. */
  wraps: boolean;
  expanded: boolean;
  setExpanded: React.Dispatch<React.SetStateAction<boolean>>;
};

/**
 * A filter bar that shows one row until opened (the issue, schedule, asset and calendar lists):
 * 'show more / show less' appears only when the filters wrap onto a second row. Opened at first
 * when `initiallyExpanded` says a filter of the second row is in use, so it is not hidden.
 */
export function useWrappingFilterBar(initiallyExpanded: () => boolean): WrappingFilterBar {
  const barRef = useRef<HTMLDivElement>(null);
  const [wraps, setWraps] = useState(false);
  const [expanded, setExpanded] = useState(initiallyExpanded);
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const check = () => {
      const items = [...bar.children] as HTMLElement[];
      const top = items[0]?.offsetTop ?? 0;
      setWraps(items.some((item) => item.offsetTop > top + 4));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { barRef, wraps, expanded, setExpanded };
}

/** The 'show more / show less' link of a wrapping filter bar (nothing while it fits one row). */
export function FilterBarToggle({
  bar,
  showMore,
  showLess,
}: {
  bar: WrappingFilterBar;
  showMore: string;
  showLess: string;
}) {
  if (!bar.wraps && !bar.expanded) return null;
  return (
    <Anchor component="button" type="button" size="sm" mt={6} onClick={() => bar.setExpanded((v) => !v)}>
      {bar.expanded ? showLess : showMore}
    </Anchor>
  );
}

/** One row of filters (36 px) until the bar is opened. */
const ROW_HEIGHT = 36;

/** The filters' row of a wrapping filter bar: shows the first row only, until opened. */
export function FilterBarRow({
  bar,
  testId,
  children,
}: {
  bar: WrappingFilterBar;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Group
      ref={bar.barRef}
      gap="sm"
      wrap="wrap"
      align="center"
      style={{
        maxHeight: bar.expanded ? undefined : ROW_HEIGHT,
        overflow: bar.expanded ? undefined : 'hidden',
      }}
      data-testid={testId}
    >
      {children}
    </Group>
  );
}
