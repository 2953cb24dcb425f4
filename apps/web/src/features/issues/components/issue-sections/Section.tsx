import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of the issue detail page: its heading, an optional action beside it, and the content. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}
