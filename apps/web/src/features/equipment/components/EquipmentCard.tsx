import { Anchor, Box, Card, Checkbox, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuilding, IconCalendarEvent, IconTool, IconUser } from '@tabler/icons-react';
import type { EquipmentDensity, EquipmentHolder, EquipmentListItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDay } from '../../schedules/repeat-summary';
import { type EquipmentOrigin, equipmentPaths } from '../list-state';
import { EquipmentStatusBadge, OverdueBadge, PendingBadge } from './EquipmentBadges';

/** The selection a card's checkbox works on. */
export type EquipmentCardSelection = {
  isSelected: (id: number) => boolean;
  toggle: (item: EquipmentListItem) => void;
};

/** The item's picture, or a placeholder icon when it has none. */
function Picture({ url, size }: { url: string | null; size: number }) {
  if (url) return <Image src={url} alt="" h={size} w="100%" fit="cover" radius={0} />;
  return (
    <Box
      h={size}
      w="100%"
      bg="var(--mantine-color-default-hover)"
      style={{ display: 'grid', placeItems: 'center' }}
    >
      <ThemeIcon variant="transparent" color="gray" size={size / 2} aria-hidden>
        <IconTool size="70%" stroke={1.4} />
      </ThemeIcon>
    </Box>
  );
}

/** A holder's name, with the company of an external holder. */
export function holderName(holder: EquipmentHolder): string {
  return holder.company ? `${holder.full_name} (${holder.company})` : holder.full_name;
}

/** Who has it and until when (red when overdue), and who reserved it from when. */
function Holding({ item, size }: { item: EquipmentListItem; size: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2}>
      {item.holder && (
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="equipment-holder">
          <IconUser size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size={size} miw={0} style={{ flex: 1 }}>
            {t('equipment.card.held_by', { name: holderName(item.holder) })}
            {item.return_date && (
              <Text
                span
                size={size}
                c={item.overdue ? 'red.9' : 'dimmed'}
                fw={item.overdue ? 600 : undefined}
              >
                {' · '}
                {t('equipment.card.until', { date: formatDay(item.return_date, i18n.language) })}
              </Text>
            )}
          </Text>
        </Group>
      )}
      {item.reserved_for && (
        <Group gap={6} wrap="nowrap" data-testid="equipment-reserved">
          <IconCalendarEvent size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size={size} c="dimmed" lineClamp={1}>
            {item.reserved_from
              ? t('equipment.card.reserved_from', {
                  name: holderName(item.reserved_for),
                  date: formatDay(item.reserved_from, i18n.language),
                })
              : t('equipment.card.reserved_for', { name: holderName(item.reserved_for) })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/**
 * One item of the list (001 §2): picture, title, type, group, workspace, status, holder and
 * return date (an overdue badge in red), the next reservation and the requests waiting for a
 * decision. Opening it remembers the list address it came from.
 */
export function EquipmentCard({
  item,
  density,
  selection,
}: {
  item: EquipmentListItem;
  density: EquipmentDensity;
  selection: EquipmentCardSelection;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const origin: EquipmentOrigin = { from: `${location.pathname}${location.search}` };
  const to = equipmentPaths.detail(item.id);
  const compact = density === 'compact';
  const checkbox = (
    <Checkbox
      size="sm"
      aria-label={t('equipment.list.select_item', { name: item.title })}
      checked={selection.isSelected(item.id)}
      onChange={() => selection.toggle(item)}
      data-testid="equipment-select"
    />
  );
  const title = (
    <Anchor
      component={Link}
      to={to}
      state={origin}
      fw={600}
      lineClamp={1}
      data-testid="equipment-card-link"
      style={{ overflowWrap: 'anywhere' }}
    >
      {item.title}
    </Anchor>
  );
  const badges = (
    <Group gap={6} wrap="wrap">
      <EquipmentStatusBadge status={item.status} size={compact ? 'xs' : 'sm'} />
      {item.overdue && <OverdueBadge size={compact ? 'xs' : 'sm'} />}
      <PendingBadge count={item.pending_requests} size={compact ? 'xs' : 'sm'} />
    </Group>
  );
  const kindLine = [item.type.name, item.group?.name].filter(Boolean).join(' · ');

  if (compact) {
    return (
      <Card withBorder radius="md" padding="xs" data-testid="equipment-card">
        <Group wrap="nowrap" gap="sm" align="center">
          {checkbox}
          <Box w={44} h={44} style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 6 }}>
            <Link to={to} state={origin} aria-hidden tabIndex={-1}>
              <Picture url={item.picture_url} size={44} />
            </Link>
          </Box>
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            {title}
            <Text size="xs" c="dimmed" lineClamp={1}>
              {[item.workspace.name, kindLine].filter(Boolean).join(' · ')}
            </Text>
            <Holding item={item} size="xs" />
          </Stack>
          <Box visibleFrom="sm">{badges}</Box>
        </Group>
        <Box hiddenFrom="sm" mt={6}>
          {badges}
        </Box>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" data-testid="equipment-card">
      <Card.Section pos="relative">
        <Link to={to} state={origin} aria-hidden tabIndex={-1}>
          <Picture url={item.picture_url} size={140} />
        </Link>
        <Box pos="absolute" top={8} left={8} bg="var(--mantine-color-body)" p={4} style={{ borderRadius: 6 }}>
          {checkbox}
        </Box>
      </Card.Section>
      <Stack gap={4} mt="sm">
        {title}
        <Text size="sm" c="dimmed" lineClamp={1}>
          {kindLine}
        </Text>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconBuilding size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {item.workspace.name}
          </Text>
        </Group>
        {badges}
        <Holding item={item} size="sm" />
      </Stack>
    </Card>
  );
}
