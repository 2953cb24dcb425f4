import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconSearch, type TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The add button of an empty list: a link to an add page, or an action such as opening a modal. */
export type EmptyStateAdd = { label: string } & ({ to: string } | { onClick: () => void });

/**
 * What a list shows when it has no rows (000 §2): with a search or filter set, 'no results'
 * (and optionally a button that clears the filters); otherwise an invitation with an icon,
 * title, text and, for people who may add, an add button.
 */
export function EmptyState({
  filtered = false,
  noResultsText,
  clearFilters,
  icon: Icon,
  title,
  text,
  add,
}: {
  filtered?: boolean;
  noResultsText?: string;
  clearFilters?: { label: string; onClick: () => void };
  icon: TablerIcon;
  title: string;
  text: string;
  /** Left out when the person may not add. */
  add?: EmptyStateAdd;
}) {
  if (filtered) {
    return (
      <Center py="xl">
        <Stack align="center" gap={clearFilters ? 'xs' : 4}>
          <IconSearch size={28} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text c="dimmed">{noResultsText}</Text>
          {clearFilters && (
            <Button variant="light" size="xs" onClick={clearFilters.onClick}>
              {clearFilters.label}
            </Button>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={48}>
      <Stack align="center" ta="center" gap="sm" maw={440}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <Icon size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {add &&
          ('to' in add ? (
            <Button component={Link} to={add.to} leftSection={<IconPlus size={18} />}>
              {add.label}
            </Button>
          ) : (
            <Button leftSection={<IconPlus size={18} />} onClick={add.onClick}>
              {add.label}
            </Button>
          ))}
      </Stack>
    </Center>
  );
}
