import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Popover,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBookmark,
  IconCopy,
  IconDeviceFloppy,
  IconPencil,
  IconRefresh,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import type { SavedFilter } from '@workbench/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import {
  activeSavedFilter,
  currentIssueFilterQuery,
  draftBody,
  EMPTY_DRAFT,
  type SaveFilterDraft,
  savedFilterHref,
  sortedSavedFilters,
} from '../saved-filter-helpers';
import { useSavedFilterMutations, useSavedFilters } from '../saved-filters-api';
import { SaveFilterDialog } from './SaveFilterDialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; filter: SavedFilter } | null;

/**
 * 'Saved filters' on the issue list: the person's own saved issue filters (favourites first),
 * applying one opens the list with its query; 'Save current filter' keeps the URL's list state.
 */
export function SavedFiltersMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [searchParams] = useSearchParams();
  const current = currentIssueFilterQuery(searchParams);
  const list = useSavedFilters('issue');
  const mutations = useSavedFilterMutations();
  const [opened, setOpened] = useState(false);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const filters = useMemo(() => sortedSavedFilters(list.data ?? []), [list.data]);
  const active = activeSavedFilter(filters, current);

  const initial = useMemo<SaveFilterDraft>(
    () =>
      dialog?.mode === 'edit'
        ? {
            name: dialog.filter.name,
            description: dialog.filter.description ?? '',
            is_favorite: dialog.filter.is_favorite,
          }
        : EMPTY_DRAFT,
    [dialog],
  );

  const openDialog = (next: DialogState) => {
    setFieldErrors({});
    setOpened(false);
    setDialog(next);
  };

  const onDialogError = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFieldErrors(err.fields);
    else notify.fail(err);
  };

  const save = (draft: SaveFilterDraft) => {
    if (!dialog) return;
    if (dialog.mode === 'create') {
      mutations.create.mutate(
        { filter_type: 'issue', query_string: current, ...draftBody(draft) },
        {
          onSuccess: (saved) => {
            setDialog(null);
            notify.ok('saved-filters.saved', { name: saved.name });
          },
          onError: onDialogError,
        },
      );
    } else {
      mutations.update.mutate(
        { id: dialog.filter.id, body: draftBody(draft) },
        {
          onSuccess: () => {
            setDialog(null);
            notify.ok('saved-filters.updated');
          },
          onError: onDialogError,
        },
      );
    }
  };

  const apply = (filter: SavedFilter) => {
    setOpened(false);
    navigate(savedFilterHref(filter));
  };

  const toggleFavorite = (filter: SavedFilter) =>
    mutations.update.mutate(
      { id: filter.id, body: { is_favorite: !filter.is_favorite } },
      { onError: notify.fail },
    );

  const updateWithCurrent = (filter: SavedFilter) =>
    mutations.update.mutate(
      { id: filter.id, body: { query_string: current } },
      { onSuccess: () => notify.ok('saved-filters.updated'), onError: notify.fail },
    );

  const duplicate = (filter: SavedFilter) =>
    mutations.duplicate.mutate(filter.id, {
      onSuccess: (copy) => notify.ok('saved-filters.duplicated', { name: copy.name }),
      onError: notify.fail,
    });

  const confirmDelete = (filter: SavedFilter) => {
    setOpened(false);
    modals.openConfirmModal({
      title: t('saved-filters.delete_title'),
      children: <Text size="sm">{t('saved-filters.delete_text', { name: filter.name })}</Text>,
      labels: { confirm: t('saved-filters.delete_confirm'), cancel: t('saved-filters.cancel') },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () =>
        mutations.remove.mutate(filter.id, {
          onSuccess: () => notify.ok('saved-filters.deleted'),
          onError: notify.fail,
        }),
    });
  };

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} />}
            onClick={() => setOpened((o) => !o)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            maw={260}
          >
            <Text span truncate inherit>
              {active ? active.name : t('saved-filters.button')}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs" maw="calc(100vw - 16px)">
          <Stack gap={6}>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => openDialog({ mode: 'create' })}
            >
              {t('saved-filters.save_current')}
            </Button>
            <Divider />
            {list.isPending && (
              <Group justify="center" py="sm">
                <Loader size="sm" aria-label={t('saved-filters.loading')} />
              </Group>
            )}
            {list.isError && (
              <ErrorPanel
                title={t('saved-filters.load_failed')}
                error={list.error}
                onRetry={() => list.refetch()}
              />
            )}
            {list.isSuccess && filters.length === 0 && (
              <Stack gap={2} align="center" py="sm" ta="center">
                <IconBookmark size={24} color="var(--mantine-color-dimmed)" />
                <Text size="sm" fw={500}>
                  {t('saved-filters.empty_title')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('saved-filters.empty_text')}
                </Text>
              </Stack>
            )}
            {filters.length > 0 && (
              <Box mah={320} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
                <Stack gap={2}>
                  {filters.map((filter) => (
                    <SavedFilterRow
                      key={filter.id}
                      filter={filter}
                      active={filter.id === active?.id}
                      onApply={() => apply(filter)}
                      onFavorite={() => toggleFavorite(filter)}
                      onRename={() => openDialog({ mode: 'edit', filter })}
                      onUpdate={() => updateWithCurrent(filter)}
                      onDuplicate={() => duplicate(filter)}
                      onDelete={() => confirmDelete(filter)}
                    />
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveFilterDialog
        opened={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        initial={initial}
        saving={mutations.create.isPending || (dialog?.mode === 'edit' && mutations.update.isPending)}
        fieldErrors={fieldErrors}
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </>
  );
}

type RowProps = {
  filter: SavedFilter;
  active: boolean;
  onApply: () => void;
  onFavorite: () => void;
  onRename: () => void;
  onUpdate: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

function SavedFilterRow({
  filter,
  active,
  onApply,
  onFavorite,
  onRename,
  onUpdate,
  onDuplicate,
  onDelete,
}: RowProps) {
  const { t } = useTranslation();
  const actions = [
    { key: 'rename', icon: IconPencil, onClick: onRename },
    { key: 'update_current', icon: IconRefresh, onClick: onUpdate },
    { key: 'duplicate', icon: IconCopy, onClick: onDuplicate },
    { key: 'delete', icon: IconTrash, onClick: onDelete, color: 'red' },
  ] as const;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      px={4}
      py={2}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-blue-light)' : undefined,
      }}
      data-testid="saved-filter-row"
    >
      <Tooltip label={t(filter.is_favorite ? 'saved-filters.unfavorite' : 'saved-filters.favorite')}>
        <ActionIcon
          variant="subtle"
          color="yellow"
          size="sm"
          aria-label={t(filter.is_favorite ? 'saved-filters.unfavorite' : 'saved-filters.favorite')}
          aria-pressed={filter.is_favorite}
          onClick={onFavorite}
        >
          {filter.is_favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
        </ActionIcon>
      </Tooltip>
      <UnstyledButton
        onClick={onApply}
        style={{ flex: 1, minWidth: 0 }}
        aria-label={t('saved-filters.apply', { name: filter.name })}
      >
        <Text size="sm" fw={active ? 600 : 400} truncate>
          {filter.name}
        </Text>
        {filter.description && (
          <Text size="xs" c="dimmed" truncate>
            {filter.description}
          </Text>
        )}
      </UnstyledButton>
      {actions.map(({ key, icon: Icon, onClick, ...rest }) => (
        <Tooltip key={key} label={t(`saved-filters.actions.${key}`)}>
          <ActionIcon
            variant="subtle"
            color={'color' in rest ? rest.color : 'gray'}
            size="sm"
            aria-label={t(`saved-filters.actions.${key}`)}
            onClick={onClick}
          >
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
