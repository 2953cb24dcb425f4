import { Avatar, Button, Group, Pill, Stack, Switch, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { EquipmentGroup, EquipmentGroupDetail } from '@workbench/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerPerson } from '../../../ui/picker/picker-state';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { checkSameWorkspace, groupItemIds, useSaveEquipmentGroup } from '../sets-api';
import { EquipmentPicker } from './EquipmentPicker';
import { NameDescriptionFields, SetFormModal, useFormErrors } from './SetFormModal';

const PeoplePicker = lazy(() =>
  import('../../../ui/picker/PeoplePicker').then((m) => ({ default: m.PeoplePicker })),
);

type Manager = { id: number; full_name: string; profile_image: string | null };
const asPickerPerson = (m: Manager): PickerPerson => ({
  id: m.id,
  full_name: m.full_name,
  email: '',
  profile_image: m.profile_image,
  isNotInWorkspace: false,
});

/**
 * Add or change an equipment group (001 §3 "Equipment group"): name, description, managers (the
 * people picker), whether it is bound to a workspace and which, and the items to put in it (a
 * change adds items; the group's drawer takes them out). A bound group only offers the items of
 * its workspace; binding a group whose items are known takes their common workspace (POST
 * equipment/group/same_ws), or says they lie in several.
 */
export function GroupModal({
  opened,
  group,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** null: a new group. */
  group: EquipmentGroup | null;
  onClose: () => void;
  onSaved: (saved: EquipmentGroupDetail) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEquipmentGroup();
  const errors = useFormErrors({ not_same_workspace: 'equipment_ids', not_in_workspace: 'workspace_id' });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [managers, setManagers] = useState<Manager[]>([]);
  const [bound, setBound] = useState(false);
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const [items, setItems] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [checking, setChecking] = useState(false);
  const { setErrors } = errors;

  useEffect(() => {
    if (!opened) return;
    setName(group?.name ?? '');
    setDescription(group?.description ?? '');
    setManagers(group?.managers ?? []);
    setBound(group?.bind_group_to_workspace ?? false);
    setWorkspaceId(group?.workspace?.id ?? null);
    setItems([]);
    setErrors({});
  }, [opened, group, setErrors]);

  const bind = async (on: boolean) => {
    setBound(on);
    errors.clear('equipment_ids');
    if (!on || workspaceId !== null) return;
    setChecking(true);
    try {
      // The items to check: those to be added, and (editing) the group's own.
      const own = group?.equipment_count ? await groupItemIds(group.id) : [];
      const ids = [...new Set([...own, ...items])];
      if (ids.length === 0) return;
      const answer = await checkSameWorkspace(ids);
      if (answer.data.same_ws && answer.data.workspace_id) setWorkspaceId(answer.data.workspace_id);
      else setErrors((e) => ({ ...e, equipment_ids: 'not_same_workspace' }));
    } catch {
      // A convenience only: the server checks the items again when the group is saved.
    } finally {
      setChecking(false);
    }
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'required';
    if (bound && workspaceId === null) found.workspace_id = 'required';
    setErrors(found);
    if (Object.keys(found).length) return;
    void errors.save(
      () =>
        save.mutateAsync({
          ...(group ? { id: group.id } : {}),
          name: name.trim(),
          description: description.trim() || null,
          manager_ids: managers.map((m) => m.id),
          bind_group_to_workspace: bound,
          workspace_id: bound ? workspaceId : null,
          // Added to the group (PUT keeps the items it has; they are taken out one by one).
          equipment_ids: items,
        }),
      onSaved,
    );
  };

  return (
    <SetFormModal
      opened={opened}
      title={t(group ? 'equipment-sets.groups.edit_title' : 'equipment-sets.groups.add_title')}
      errors={errors}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
    >
      <NameDescriptionFields
        name={name}
        description={description}
        onName={(value) => {
          setName(value);
          errors.clear('name');
        }}
        onDescription={setDescription}
        errors={errors}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('equipment-sets.fields.managers')}
        </Text>
        <Group gap={6} wrap="wrap">
          {managers.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('equipment-sets.groups.no_managers')}
            </Text>
          )}
          {managers.map((m) => (
            <Pill
              key={m.id}
              withRemoveButton
              onRemove={() => setManagers((all) => all.filter((x) => x.id !== m.id))}
              removeButtonProps={{ 'aria-label': t('equipment-sets.remove_named', { name: m.full_name }) }}
            >
              <Group gap={4} wrap="nowrap" component="span">
                <Avatar src={m.profile_image} size={16} radius="xl" alt="" />
                {m.full_name}
              </Group>
            </Pill>
          ))}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconUsers size={14} />}
            onClick={() => setPicking(true)}
          >
            {t('equipment-sets.groups.choose_managers')}
          </Button>
        </Group>
        {errors.errors.manager_ids && (
          <Text size="xs" c="red">
            {errors.fieldError('manager_ids')}
          </Text>
        )}
      </Stack>
      <Switch
        label={t('equipment-sets.fields.bind_group_to_workspace')}
        description={t('equipment-sets.groups.bind_hint')}
        checked={bound}
        disabled={checking}
        onChange={(e) => void bind(e.currentTarget.checked)}
      />
      {bound && (
        <WorkspaceSelect
          label={t('equipment-sets.fields.workspace')}
          placeholder={t('equipment-sets.fields.workspace_placeholder')}
          withAsterisk
          value={workspaceId}
          onChange={(id) => {
            setWorkspaceId(id);
            errors.clear('workspace_id');
            errors.clear('equipment_ids');
          }}
          error={errors.fieldError('workspace_id')}
        />
      )}
      <EquipmentPicker
        label={t(group ? 'equipment-sets.groups.add_items' : 'equipment-sets.fields.items')}
        description={[
          bound ? t('equipment-sets.groups.items_bound_hint') : t('equipment-sets.groups.items_hint'),
          group ? t('equipment-sets.groups.items_in_group', { count: group.equipment_count }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        value={items}
        onChange={(ids) => {
          setItems(ids);
          errors.clear('equipment_ids');
        }}
        workspaceId={bound ? workspaceId : null}
        disabled={bound && workspaceId === null}
        error={errors.fieldError('equipment_ids')}
        data-testid="group-items"
      />
      {picking && (
        <Suspense fallback={null}>
          <PeoplePicker
            opened
            mode="multi"
            allowExternals={false}
            selected={managers.map(asPickerPerson)}
            onClose={() => setPicking(false)}
            onDone={(people) => {
              setManagers(
                people.map((p) => ({ id: p.id, full_name: p.full_name, profile_image: p.profile_image })),
              );
              errors.clear('manager_ids');
            }}
          />
        </Suspense>
      )}
    </SetFormModal>
  );
}
