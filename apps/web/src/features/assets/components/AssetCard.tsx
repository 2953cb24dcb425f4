import { Anchor, Badge, Box, Card, Checkbox, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBox, IconBuilding, IconClipboardList, IconStack2 } from '@tabler/icons-react';
import type { AssetDensity, AssetListItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type AssetOrigin, assetPaths } from '../list-state';
import { AssetStatusBadge, LegalFlag } from './AssetBadges';

/** The selection a card's checkbox works on. */
export type AssetCardSelection = {
  isSelected: (id: number) => boolean;
  toggle: (asset: AssetListItem) => void;
};

/** The asset's picture, or a placeholder icon when it has none. */
function Picture({ url, size }: { url: string | null; size: number | string }) {
  if (url) return <Image src={url} alt="" h={size} w="100%" fit="cover" radius={0} />;
  return (
    <Box
      h={size}
      w="100%"
      bg="var(--mantine-color-default-hover)"
      style={{ display: 'grid', placeItems: 'center' }}
    >
      <ThemeIcon
        variant="transparent"
        color="gray"
        size={typeof size === 'number' ? size / 2 : 40}
        aria-hidden
      >
        <IconBox size="70%" stroke={1.4} />
      </ThemeIcon>
    </Box>
  );
}

/**
 * One asset of the list (001 §2): name, group, system, workspace, picture, the counts of assets in
 * its group and of its open issues, an Active badge, and the flag of expired or expiring files.
 * Opening it remembers the list address it came from.
 */
export function AssetCard({
  asset,
  density,
  selection,
}: {
  asset: AssetListItem;
  density: AssetDensity;
  selection: AssetCardSelection;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const origin: AssetOrigin = { from: `${location.pathname}${location.search}` };
  const to = assetPaths.detail(asset.id);
  const checkbox = (
    <Checkbox
      size="sm"
      aria-label={t('assets.list.select_asset', { name: asset.name })}
      checked={selection.isSelected(asset.id)}
      onChange={() => selection.toggle(asset)}
      data-testid="asset-select"
    />
  );
  const title = (
    <Anchor component={Link} to={to} state={origin} fw={600} lineClamp={1} data-testid="asset-card-link">
      {asset.name}
    </Anchor>
  );
  const badges = (
    <Group gap={6} wrap="wrap">
      <AssetStatusBadge status={asset.status} size={density === 'compact' ? 'xs' : 'sm'} />
      <LegalFlag state={asset.legal_state} size={density === 'compact' ? 'xs' : 'sm'} />
    </Group>
  );
  const counts = (
    <Group gap="xs" wrap="nowrap">
      <Badge
        variant="outline"
        color="gray"
        size="sm"
        leftSection={<IconStack2 size={12} aria-hidden />}
        title={t('assets.list.assets_in_group_title')}
      >
        {t('assets.list.assets_in_group', { count: asset.statistics.assets_in_group })}
      </Badge>
      <Badge
        variant="outline"
        color={asset.statistics.asset_issues > 0 ? 'blue' : 'gray'}
        size="sm"
        leftSection={<IconClipboardList size={12} aria-hidden />}
      >
        {t('assets.list.asset_issues', { count: asset.statistics.asset_issues })}
      </Badge>
    </Group>
  );
  const placeLine = [asset.group?.name, asset.system?.name].filter(Boolean).join(' · ');

  if (density === 'compact') {
    return (
      <Card withBorder radius="md" padding="xs" data-testid="asset-card">
        <Group wrap="nowrap" gap="sm" align="center">
          {checkbox}
          <Box w={44} h={44} style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 6 }}>
            <Link to={to} state={origin} aria-hidden tabIndex={-1}>
              <Picture url={asset.picture_url} size={44} />
            </Link>
          </Box>
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            {title}
            <Text size="xs" c="dimmed" lineClamp={1}>
              {[asset.workspace.name, placeLine].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap" justify="flex-end" visibleFrom="sm">
            {badges}
            {counts}
          </Group>
        </Group>
        <Group gap={6} wrap="wrap" mt={6} hiddenFrom="sm">
          {badges}
          {counts}
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" data-testid="asset-card">
      <Card.Section pos="relative">
        <Link to={to} state={origin} aria-hidden tabIndex={-1}>
          <Picture url={asset.picture_url} size={140} />
        </Link>
        <Box pos="absolute" top={8} left={8} bg="var(--mantine-color-body)" p={4} style={{ borderRadius: 6 }}>
          {checkbox}
        </Box>
      </Card.Section>
      <Stack gap={4} mt="sm">
        {title}
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconBuilding size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {asset.workspace.name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {placeLine || t('assets.list.no_group_system')}
        </Text>
        {badges}
        {counts}
      </Stack>
    </Card>
  );
}
