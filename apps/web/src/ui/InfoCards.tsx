import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One figure of an overview page (the dashboard's, a workspace's maintenance page): its label
 * with an icon, the number (a link to the list it counts when there is one) and what follows it.
 */
export function StatCard({
  label,
  value,
  icon,
  color,
  dim = false,
  to,
  linkLabel,
  testId,
  children,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  /** The number's (and icon's) colour, such as 'red.8'. */
  color?: string;
  /** The number in the dimmed colour (nothing counted). */
  dim?: boolean;
  to?: string | null;
  /** The link's accessible name (the number alone says little). */
  linkLabel?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const figure = { fz: 32, fw: 700, lh: 1.1, c: dim ? 'dimmed' : color } as const;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId} miw={0}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text size="sm" fw={600} c="dimmed" style={{ overflowWrap: 'break-word', hyphens: 'auto' }} miw={0}>
            {label}
          </Text>
          {icon && (
            <Text c={color} aria-hidden lh={0}>
              {icon}
            </Text>
          )}
        </Group>
        {to ? (
          <Anchor component={Link} to={to} {...figure} aria-label={linkLabel} w="fit-content">
            {value}
          </Anchor>
        ) : (
          <Text {...figure}>{value}</Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A titled part of an overview page: the heading (with its count), actions or links on the
 * right, an optional line under it, then the content. Wraps on a phone instead of overflowing.
 */
export function SectionCard({
  title,
  titleId,
  order = 2,
  count,
  actions,
  description,
  testId,
  children,
}: {
  title: string;
  titleId?: string;
  /** The heading level (2 on a page of sections, 3 inside one). */
  order?: 2 | 3;
  count?: number;
  actions?: ReactNode;
  description?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Title
              order={order}
              size={order === 2 ? 'h4' : 'h5'}
              id={titleId}
              style={{ overflowWrap: 'break-word', hyphens: 'auto' }}
            >
              {title}
            </Title>
            {count !== undefined && (
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                {count}
              </Badge>
            )}
          </Group>
          {actions}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** The links in a section's header (those without an address left out), wrapping on a phone. */
export function SectionLinks({ links }: { links: Array<{ label: string; to: string | null }> }) {
  const shown = links.filter((l): l is { label: string; to: string } => !!l.to);
  if (shown.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap">
      {shown.map((l) => (
        <Anchor key={l.label} component={Link} to={l.to} size="sm">
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

/** A section's "nothing here" line. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
