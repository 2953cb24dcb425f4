import { ActionIcon, Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type UserWorkspaceRole, WORKSPACE_ROLES, type WorkspaceRole } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useSetWorkspaceRoles, useWorkspaceOptions } from '../profiles-api';

type Row = { workspace_id: string | null; role: WorkspaceRole };

/** A user manager replaces a person's workspace roles (POST user/{id}/workspace_roles). */
export function WorkspaceRolesModal({
  userId,
  current,
  opened,
  onClose,
}: {
  userId: number;
  current: UserWorkspaceRole[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const workspaces = useWorkspaceOptions();
  const save = useSetWorkspaceRoles(userId);
  const [rows, setRows] = useState<Row[]>(() =>
    current.map((r) => ({ workspace_id: String(r.workspace_id), role: r.role })),
  );
  // Workspaces the caller cannot pick (not in workspace_clean) still show by their stored name.
  const options = [
    ...(workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name })),
    ...current
      .filter((r) => !(workspaces.data ?? []).some((w) => w.id === r.workspace_id))
      .map((r) => ({ value: String(r.workspace_id), label: r.workspace_name })),
  ];
  const chosen = new Set(rows.map((r) => r.workspace_id));
  const submit = () =>
    save.mutate(
      rows
        .filter((r): r is { workspace_id: string; role: WorkspaceRole } => !!r.workspace_id)
        .map((r) => ({ workspace_id: Number(r.workspace_id), role: r.role })),
      {
        onSuccess: () => {
          notify.ok('profiles.saved');
          onClose();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('profiles.edit_roles')} size="lg">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {errorText(save.error)}
          </Alert>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until a workspace is chosen
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <Select
              style={{ flex: 2 }}
              label={t('profiles.workspace')}
              searchable
              value={row.workspace_id}
              data={options.map((o) => ({
                ...o,
                disabled: o.value !== row.workspace_id && chosen.has(o.value),
              }))}
              onChange={(value) =>
                setRows((all) => all.map((r, i) => (i === index ? { ...r, workspace_id: value } : r)))
              }
              nothingFoundMessage={t('profiles.no_results')}
            />
            <Select
              style={{ flex: 1 }}
              label={t('profiles.role')}
              allowDeselect={false}
              value={row.role}
              data={WORKSPACE_ROLES.map((role) => ({
                value: role,
                label: t(`profiles.workspace_roles.${role}`),
              }))}
              onChange={(value) =>
                value &&
                setRows((all) =>
                  all.map((r, i) => (i === index ? { ...r, role: value as WorkspaceRole } : r)),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('profiles.remove_entry')}
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((all) => [...all, { workspace_id: null, role: 'member' }])}
        >
          {t('profiles.add_workspace_role')}
        </Button>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('profiles.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('profiles.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
