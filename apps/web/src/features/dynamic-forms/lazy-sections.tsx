import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

// The form section and the designer load as their own chunks when a page shows them, so the issue,
// schedule and workspace pages do not carry their weight up front.
const Section = lazy(() =>
  import('./components/DynamicFormSection').then((m) => ({ default: m.DynamicFormSection })),
);
const Designer = lazy(() =>
  import('./components/WorkspaceFormDesigner').then((m) => ({ default: m.WorkspaceFormDesigner })),
);

export function DynamicFormSection(props: ComponentProps<typeof Section>) {
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}

export function WorkspaceFormDesigner(props: ComponentProps<typeof Designer>) {
  return (
    <Suspense fallback={<Skeleton h={160} radius="md" />}>
      <Designer {...props} />
    </Suspense>
  );
}
