import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { WorkspaceDetail, WorkspaceUsersRequest } from '@workbench/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { usePickablePeople, useSetWorkspaceUsers } from '../workspace-api';

type ListKey = keyof Required<WorkspaceUsersRequest>;
const LISTS: Array<{ key: ListKey; label: string }> = [
  { key: 'managers_ids', label: 'workspaces.managers' },
  { key: 'group_managers_ids', label: 'workspaces.group_managers' },
  { key: 'users_ids', label: 'workspaces.members' },
];

/** Who holds which role in a workspace: three lists, one role per person, saved together. */
export function ManagePeopleModal({
  workspace,
  opened,
  onClose,
}: {
  workspace: WorkspaceDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const initial = (): Record<ListKey, string[]> => ({
    managers_ids: workspace.managers.map((p) => String(p.id)),
    group_managers_ids: workspace.group_managers.map((p) => String(p.id)),
    users_ids: workspace.users.map((p) => String(p.id)),
  });
  const [lists, setLists] = useState(initial);
  // Each list has its own search box; the last one typed in asks the server.
  const [searches, setSearches] = useState<Record<ListKey, string>>({
    managers_ids: '',
    group_managers_ids: '',
    users_ids: '',
  });
  const [lastSearch, setLastSearch] = useState('');
  const [debounced] = useDebouncedValue(lastSearch, 300);
  const people = usePickablePeople(debounced, opened);
  const save = useSetWorkspaceUsers(workspace.id);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Everyone the lists may show: the current people and the search results.
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const p of [...workspace.managers, ...workspace.group_managers, ...workspace.users])
      byId.set(String(p.id), p.full_name);
    for (const p of people.data?.data ?? []) byId.set(String(p.id), p.full_name || p.email);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [workspace, people.data]);

  // One role per person: picking someone in one list takes them out of the others.
  const change = (key: ListKey, ids: string[]) =>
    setLists((current) => {
      const next = { ...current, [key]: ids };
      for (const other of LISTS)
        if (other.key !== key) next[other.key] = current[other.key].filter((id) => !ids.includes(id));
      return next;
    });

  const handleSave = () => {
    setErrors({});
    save.mutate(
      {
        managers_ids: lists.managers_ids.map(Number),
        group_managers_ids: lists.group_managers_ids.map(Number),
        users_ids: lists.users_ids.map(Number),
      },
      {
        onSuccess: () => {
          notify.ok('workspaces.people_saved');
          onClose();
        },
        onError: (err) => {
          const fields: Record<string, string> = {};
          for (const [field, key] of Object.entries(err instanceof ApiError ? err.fields : {}))
            fields[field.split('.')[0] ?? field] = key;
          setErrors(Object.keys(fields).length ? fields : { _: errorKeyOf(err) });
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workspaces.manage_people')}
      size="lg"
      fullScreen={isPhone}
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('workspaces.manage_people_hint')}
        </Text>
        {errors._ && (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorText(errors._)}
          </Alert>
        )}
        {people.isError && (
          <ErrorPanel
            title={t('workspaces.people_load_failed')}
            error={people.error}
            onRetry={() => people.refetch()}
          />
        )}
        {LISTS.map((list) => (
          <MultiSelect
            key={list.key}
            label={t(list.label)}
            data={options}
            value={lists[list.key]}
            onChange={(ids) => change(list.key, ids)}
            searchable
            searchValue={searches[list.key]}
            onSearchChange={(text) => {
              setSearches((all) => ({ ...all, [list.key]: text }));
              setLastSearch(text);
            }}
            nothingFoundMessage={people.isFetching ? t('common.loading') : t('workspaces.no_results')}
            placeholder={t('workspaces.pick_people')}
            error={errors[list.key] ? errorText(errors[list.key]) : undefined}
            clearable
            hidePickedOptions
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={isPhone ? 200 : 300}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('workspaces.cancel')}
          </Button>
          <Button onClick={handleSave} loading={save.isPending}>
            {t('workspaces.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
