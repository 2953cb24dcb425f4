import {
  ActionIcon,
  Avatar,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  Pill,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconLink, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import {
  EQUIPMENT_DESCRIPTION_MAX,
  EQUIPMENT_LINKS_MAX,
  EQUIPMENT_STORAGES,
  EQUIPMENT_TEXT_MAX,
  EQUIPMENT_TITLE_MAX,
  type EquipmentStorage,
} from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import type { PickerPerson } from '../../../ui/picker/picker-state';
import { workspaceAndAbove } from '../../assets/form-values';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useEquipmentGroupOptions, useEquipmentTypeOptions } from '../equipment-api';
import type { EquipmentFormErrors, EquipmentFormField, EquipmentFormValues } from '../form-values';

// The picker is a large modal used only when choosing managers: loaded then.
const PeoplePicker = lazy(() =>
  import('../../../ui/picker/PeoplePicker').then((m) => ({ default: m.PeoplePicker })),
);

const pickerPerson = (p: { id: number; full_name: string; profile_image: string | null }): PickerPerson => ({
  id: p.id,
  full_name: p.full_name,
  email: '',
  profile_image: p.profile_image,
  isNotInWorkspace: false,
});

/**
 * The item's fields (001 §3 "Equipment", §5), the same on the add and the edit screen: title,
 * workspace, type, group (a group bound to a workspace takes only items of its tree), storage
 * (none, a workspace, or a place in words), description, serial and reference numbers, whether
 * handouts need approval, managers (the people picker) and links.
 */
export function EquipmentForm({
  values,
  onChange,
  errors,
  isNew,
  current,
}: {
  values: EquipmentFormValues;
  onChange: (next: EquipmentFormValues, changed: EquipmentFormField) => void;
  errors: EquipmentFormErrors;
  /** A new item takes its type's storage and approval when chosen. */
  isNew: boolean;
  /** The saved item's type and group, shown by name even when no longer offered (archived since). */
  current?: { type: { id: number; name: string }; group: { id: number; name: string } | null };
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const types = useEquipmentTypeOptions();
  const groups = useEquipmentGroupOptions();
  const workspaces = useWorkspaceChoices().data ?? [];
  const [picking, setPicking] = useState(false);

  const set = <K extends EquipmentFormField>(key: K, value: EquipmentFormValues[K]) =>
    onChange({ ...values, [key]: value }, key);
  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  const fitting = workspaceAndAbove(workspaces, values.workspace_id);
  const groupFits = (g: { bind_group_to_workspace: boolean; workspace: { id: number } | null }) =>
    !g.bind_group_to_workspace || !g.workspace || (fitting?.has(g.workspace.id) ?? true);
  const groupOptions = (groups.data ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
    disabled: !groupFits(g) && g.id !== values.group_id,
  }));
  const typeOptions = (types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.name }));
  // The saved type or group may be archived since: still shown by its name.
  if (current && !typeOptions.some((o) => o.value === String(current.type.id)))
    typeOptions.push({ value: String(current.type.id), label: current.type.name });
  if (current?.group && !groupOptions.some((o) => o.value === String(current.group?.id)))
    groupOptions.push({ value: String(current.group.id), label: current.group.name, disabled: false });
  const chooseType = (id: number | null) => {
    const type = types.data?.find((ty) => ty.id === id);
    if (!isNew || !type) return set('type_id', id);
    onChange(
      {
        ...values,
        type_id: id,
        storage: values.storage === 'NONE' ? type.storage : values.storage,
        storage_workspace_id:
          values.storage === 'NONE' && type.storage === 'WORKSPACE'
            ? (type.workspace?.id ?? null)
            : values.storage_workspace_id,
        location:
          values.storage === 'NONE' && type.storage === 'CUSTOM' ? (type.location ?? '') : values.location,
        handout_requires_approval: values.handout_requires_approval || type.handout_requires_approval,
      },
      'type_id',
    );
  };
  const setLink = (n: number, patch: Partial<{ title: string; url: string }>) =>
    set(
      'links',
      values.links.map((l, i) => (i === n ? { ...l, ...patch } : l)),
    );

  return (
    <Stack gap="md">
      <TextInput
        label={t('equipment.fields.title')}
        withAsterisk
        maxLength={EQUIPMENT_TITLE_MAX}
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={fieldError('title')}
        data-testid="equipment-title"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WorkspaceSelect
          label={t('equipment.fields.workspace')}
          placeholder={t('equipment.fields.workspace_placeholder')}
          withAsterisk
          value={values.workspace_id}
          onChange={(id) => set('workspace_id', id)}
          error={fieldError('workspace_id')}
          data-testid="equipment-workspace"
        />
        <Select
          label={t('equipment.fields.type')}
          placeholder={t('equipment.fields.type_placeholder')}
          withAsterisk
          data={typeOptions}
          value={values.type_id === null ? null : String(values.type_id)}
          onChange={(v) => chooseType(v === null ? null : Number(v))}
          searchable
          nothingFoundMessage={t('equipment.nothing_found')}
          error={fieldError('type_id')}
          comboboxProps={{ withinPortal: true }}
          data-testid="equipment-type"
        />
        <Select
          label={t('equipment.fields.group')}
          placeholder={t('equipment.fields.none')}
          data={groupOptions}
          value={values.group_id === null ? null : String(values.group_id)}
          onChange={(v) => set('group_id', v === null ? null : Number(v))}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {option.disabled && (
                <Text size="xs" c="dimmed">
                  {t('equipment.fields.group_other_workspace')}
                </Text>
              )}
            </Stack>
          )}
          clearable
          searchable
          nothingFoundMessage={t('equipment.nothing_found')}
          error={fieldError('group_id')}
          comboboxProps={{ withinPortal: true }}
          data-testid="equipment-group"
        />
        <Select
          label={t('equipment.fields.storage')}
          data={EQUIPMENT_STORAGES.map((s) => ({ value: s, label: t(`equipment.storage.${s}`) }))}
          value={values.storage}
          onChange={(v) => v && set('storage', v as EquipmentStorage)}
          allowDeselect={false}
          error={fieldError('storage')}
          comboboxProps={{ withinPortal: true }}
          data-testid="equipment-storage"
        />
        {values.storage === 'WORKSPACE' && (
          <WorkspaceSelect
            label={t('equipment.fields.storage_workspace')}
            placeholder={t('equipment.fields.workspace_placeholder')}
            withAsterisk
            value={values.storage_workspace_id}
            onChange={(id) => set('storage_workspace_id', id)}
            error={fieldError('storage_workspace_id')}
            data-testid="equipment-storage-workspace"
          />
        )}
        {values.storage === 'CUSTOM' && (
          <TextInput
            label={t('equipment.fields.location')}
            withAsterisk
            maxLength={EQUIPMENT_TEXT_MAX}
            value={values.location}
            onChange={(e) => set('location', e.currentTarget.value)}
            error={fieldError('location')}
            data-testid="equipment-location"
          />
        )}
      </SimpleGrid>
      <Textarea
        label={t('equipment.fields.description')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={EQUIPMENT_DESCRIPTION_MAX}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={fieldError('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['serial_number', 'reference_number'] as const).map((field) => (
          <TextInput
            key={field}
            label={t(`equipment.fields.${field}`)}
            maxLength={EQUIPMENT_TEXT_MAX}
            value={values[field]}
            onChange={(e) => set(field, e.currentTarget.value)}
            error={fieldError(field)}
          />
        ))}
      </SimpleGrid>
      <Checkbox
        label={t('equipment.fields.handout_requires_approval')}
        description={t('equipment.fields.handout_requires_approval_hint')}
        checked={values.handout_requires_approval}
        onChange={(e) => set('handout_requires_approval', e.currentTarget.checked)}
      />

      <Input.Wrapper label={t('equipment.fields.managers')} error={fieldError('managers')}>
        <Group gap="xs" mt={4} wrap="wrap" data-testid="equipment-managers">
          {values.managers.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('equipment.fields.no_managers')}
            </Text>
          )}
          {values.managers.map((m) => (
            <Pill
              key={m.id}
              size="lg"
              withRemoveButton
              removeButtonProps={{
                'aria-label': t('equipment.fields.remove_manager', { name: m.full_name }),
              }}
              onRemove={() =>
                set(
                  'managers',
                  values.managers.filter((x) => x.id !== m.id),
                )
              }
            >
              <Group gap={6} wrap="nowrap">
                <Avatar src={m.profile_image} size={18} radius="xl" alt="" />
                {m.full_name}
              </Group>
            </Pill>
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={() => setPicking(true)}
            data-testid="equipment-choose-managers"
          >
            {t('equipment.fields.choose_managers')}
          </Button>
        </Group>
      </Input.Wrapper>

      <Input.Wrapper label={t('equipment.fields.links')} error={fieldError('links')}>
        <Stack gap="xs" mt={4} data-testid="equipment-links">
          {values.links.map((link, n) => (
            <Paper
              // The position is the link's identity while editing (no ids before saving).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={n}
              withBorder
              p="xs"
              radius="sm"
            >
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
                  <TextInput
                    label={t('equipment.fields.link_title')}
                    size="sm"
                    maxLength={EQUIPMENT_TEXT_MAX}
                    value={link.title}
                    onChange={(e) => setLink(n, { title: e.currentTarget.value })}
                    error={fieldError(`links.${n}.title`)}
                  />
                  <TextInput
                    label={t('equipment.fields.link_url')}
                    size="sm"
                    type="url"
                    placeholder="https://"
                    leftSection={<IconLink size={14} aria-hidden />}
                    maxLength={2000}
                    value={link.url}
                    onChange={(e) => setLink(n, { url: e.currentTarget.value })}
                    error={fieldError(`links.${n}.url`)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={t('equipment.fields.remove_link', { n: n + 1 })}
                  onClick={() =>
                    set(
                      'links',
                      values.links.filter((_, i) => i !== n),
                    )
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={values.links.length >= EQUIPMENT_LINKS_MAX}
              onClick={() => set('links', [...values.links, { title: '', url: '' }])}
              data-testid="equipment-add-link"
            >
              {t('equipment.fields.add_link')}
            </Button>
          </Group>
        </Stack>
      </Input.Wrapper>

      {picking && (
        <Suspense fallback={null}>
          <PeoplePicker
            opened
            mode="multi"
            workspaceId={values.workspace_id ?? undefined}
            allowExternals={false}
            selected={values.managers.map(pickerPerson)}
            onClose={() => setPicking(false)}
            onDone={(people) =>
              set(
                'managers',
                people.map((p) => ({
                  id: p.id,
                  full_name: p.full_name || p.email,
                  profile_image: p.profile_image,
                })),
              )
            }
          />
        </Suspense>
      )}
    </Stack>
  );
}
