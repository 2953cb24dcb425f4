import { Anchor, Badge, Box, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import {
  type ExternalHolder,
  externalHolderListQueryToParams,
  readExternalHolderListQuery,
  withExternalHolderListFilter,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { HolderModal } from '../components/HolderModal';
import { ArchivedBadge } from '../components/SetBadges';
import {
  SetActions,
  SetListPage,
  useArchiveToggle,
  useConfirmDelete,
  useSetEditor,
  useUrlListQuery,
} from '../components/SetListPage';
import { useDeleteExternalHolder, useExternalHolderList, useSaveExternalHolder } from '../sets-api';
import { useCanManageSets } from '../use-can-manage-sets';

function Holding({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant={count > 0 ? 'light' : 'outline'} color={count > 0 ? 'blue' : 'gray'}>
      {t('equipment-sets.holders.holding', { count })}
    </Badge>
  );
}

/** A tap target of at least 24 px (WCAG 2.2 target size): the links stack on a phone's cards. */
const CONTACT_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;
const mailto = (email: string) => (
  <Anchor href={`mailto:${email}`} size="sm" style={CONTACT_LINK}>
    {email}
  </Anchor>
);
const tel = (phone: string) => (
  <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} size="sm" style={CONTACT_LINK}>
    {phone}
  </Anchor>
);

/**
 * /dashboard/equipment/external-holders (001 §2): people outside the organisation who borrow
 * equipment; status, search, sort (default name ascending) and page in the URL. A table on wide
 * screens, cards on phones; the empty list shows the people icon with no_external_holders.
 */
export function ExternalHoldersPage() {
  const { t } = useTranslation();
  const { query, update } = useUrlListQuery(
    readExternalHolderListQuery,
    externalHolderListQueryToParams,
    withExternalHolderListFilter,
  );
  const list = useExternalHolderList(query);
  const canAdd = useCanManageSets();
  const confirmDelete = useConfirmDelete('holders', useDeleteExternalHolder());
  const archive = useArchiveToggle('holders', useSaveExternalHolder());
  const editor = useSetEditor<ExternalHolder>('holders');

  const actions = (holder: ExternalHolder) =>
    holder.can_edit && (
      <SetActions
        kind="holders"
        name={holder.full_name}
        archived={holder.status === 'archived'}
        onEdit={() => editor.edit(holder)}
        onArchive={() => {
          const archiving = holder.status !== 'archived';
          archive({ id: holder.id, status: archiving ? 'archived' : 'active' }, holder.full_name, archiving);
        }}
        onDelete={() =>
          confirmDelete(
            { id: holder.id, name: holder.full_name },
            holder.holding_count > 0
              ? t('equipment-sets.holders.delete_holding', { count: holder.holding_count })
              : t('equipment-sets.holders.delete_text'),
          )
        }
      />
    );

  return (
    <SetListPage
      kind="holders"
      query={query}
      update={update}
      list={list}
      canAdd={canAdd}
      onAdd={editor.add}
      emptyIcon={IconUsers}
      emptyTitle={t('equipment-sets.no_external_holders')}
      emptyText={t('equipment-sets.no_external_holders_text')}
      skeleton="rows"
      rows={(page) => (
        <>
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="external-holder-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('equipment-sets.fields.full_name')}</Table.Th>
                    <Table.Th>{t('equipment-sets.fields.company')}</Table.Th>
                    <Table.Th>{t('equipment-sets.fields.email')}</Table.Th>
                    <Table.Th>{t('equipment-sets.fields.phone')}</Table.Th>
                    <Table.Th>{t('equipment-sets.holders.holding_now')}</Table.Th>
                    <Table.Th w={80}>
                      <VisuallyHidden>{t('equipment-sets.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((holder) => (
                    <Table.Tr key={holder.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={600}>
                            {holder.full_name}
                          </Text>
                          <ArchivedBadge status={holder.status} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{holder.company ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>{holder.email ? mailto(holder.email) : '—'}</Table.Td>
                      <Table.Td>{holder.phone ? tel(holder.phone) : '—'}</Table.Td>
                      <Table.Td>
                        <Holding count={holder.holding_count} />
                      </Table.Td>
                      <Table.Td>{actions(holder)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          <Stack gap="xs" hiddenFrom="sm">
            {page.data.map((holder) => (
              <Card key={holder.id} withBorder radius="md" padding="sm" data-testid="external-holder-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={600}>{holder.full_name}</Text>
                      <ArchivedBadge status={holder.status} />
                    </Group>
                    {holder.company && (
                      <Text size="sm" c="dimmed">
                        {holder.company}
                      </Text>
                    )}
                    {holder.email && mailto(holder.email)}
                    {holder.phone && tel(holder.phone)}
                    <Group mt={4}>
                      <Holding count={holder.holding_count} />
                    </Group>
                  </Stack>
                  {actions(holder)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    >
      <HolderModal
        opened={editor.opened}
        holder={editor.editing}
        onClose={editor.close}
        onSaved={(saved) => editor.saved(saved.full_name)}
      />
    </SetListPage>
  );
}
