import { Anchor, Group, Stack } from '@mantine/core';
import type { EquipmentStatus } from '@workbench/domain';
import { Link } from 'react-router';
import { setPaths } from '../paths';
import { ItemStatusBadge } from './SetBadges';

/** Items an issue or schedule names, each a link to its page with its status (000 §3 equipments). */
export function EquipmentLinks({
  items,
}: {
  items: ReadonlyArray<{ id: number; title: string; status: EquipmentStatus }>;
}) {
  return (
    <Stack gap={4} data-testid="issue-equipments">
      {items.map((item) => (
        <Group key={item.id} gap={6} wrap="nowrap">
          <Anchor component={Link} to={setPaths.item(item.id)} size="sm" lineClamp={1}>
            {item.title}
          </Anchor>
          {item.status !== 'stored' && <ItemStatusBadge status={item.status} />}
        </Group>
      ))}
    </Stack>
  );
}
