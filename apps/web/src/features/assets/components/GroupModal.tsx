import { Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ASSET_DESCRIPTION_MAX,
  ASSET_NAME_MAX,
  ASSET_STATUS_IDS,
  type AssetGroup,
  type AssetSystem,
} from '@workbench/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useAssetPeople, useSaveAssetGroup, useSaveAssetSystem } from '../assets-api';
import { formErrorsOf } from '../form-values';
import { useAssetStatusName } from './AssetBadges';

type Errors = Record<string, string>;

/** The common status of a group or system: any of the five (archived hides it from the lists). */
function statusChoices(statusName: (s: number) => string) {
  return ASSET_STATUS_IDS.map((s) => ({ value: String(s), label: statusName(s) }));
}

function useFormErrors() {
  const [errors, setErrors] = useState<Errors>({});
  const errorText = useErrorText();
  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);
  const fromError = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
    else setErrors({ form: errorKeyOf(err) });
  };
  return { errors, setErrors, fieldError, fromError, errorText };
}

/** Add or change an asset group: name, workspace, common status, description, managers. */
export function GroupModal({
  opened,
  group,
  onClose,
  onSaved,
}: {
  opened: boolean;
  group: AssetGroup | null;
  onClose: () => void;
  onSaved: (saved: AssetGroup) => void;
}) {
  const { t } = useTranslation();
  const statusName = useAssetStatusName();
  const save = useSaveAssetGroup();
  const [name, setName] = useState('');
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const people = useAssetPeople(workspaceId);
  const { errors, setErrors, fieldError, fromError, errorText } = useFormErrors();
  const [status, setStatus] = useState('1');
  const [description, setDescription] = useState('');
  const [managers, setManagers] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setName(group?.name ?? '');
    setWorkspaceId(group?.workspace.id ?? null);
    setStatus(String(group?.status ?? 1));
    setDescription(group?.description ?? '');
    setManagers(group?.managers.map((m) => String(m.id)) ?? []);
    setErrors({});
  }, [opened, group, setErrors]);

  const managerOptions = useMemo(() => {
    const byId = new Map<number, string>();
    for (const m of group?.managers ?? []) byId.set(m.id, m.full_name);
    const outside = new Set<number>();
    for (const p of people.data?.data ?? []) {
      byId.set(p.id, p.full_name || p.email);
      if (p.isNotInWorkspace) outside.add(p.id);
    }
    return [...byId].map(([id, label]) => ({
      value: String(id),
      label,
      disabled: outside.has(id) && !managers.includes(String(id)),
    }));
  }, [people.data, group, managers]);

  const submit = async () => {
    const found: Errors = {};
    if (!name.trim()) found.name = 'required';
    if (workspaceId === null) found.workspace_id = 'required';
    setErrors(found);
    if (Object.keys(found).length || workspaceId === null) return;
    try {
      onSaved(
        await save.mutateAsync({
          ...(group ? { id: group.id } : {}),
          name: name.trim(),
          workspace_id: workspaceId,
          status: Number(status),
          description: description.trim() || null,
          manager_ids: managers.map(Number),
        }),
      );
    } catch (err) {
      fromError(err);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(group ? 'assets.groups.edit_title' : 'assets.groups.add_title')}
    >
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('assets.fields.name')}
          withAsterisk
          maxLength={ASSET_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <WorkspaceSelect
          label={t('assets.fields.workspace')}
          placeholder={t('assets.fields.workspace_placeholder')}
          withAsterisk
          value={workspaceId}
          onChange={setWorkspaceId}
          error={fieldError('workspace_id')}
        />
        <Select
          label={t('assets.fields.status')}
          data={statusChoices(statusName)}
          value={status}
          onChange={(v) => v && setStatus(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('assets.fields.managers')}
          data={managerOptions}
          value={managers}
          onChange={setManagers}
          searchable
          nothingFoundMessage={t('assets.nothing_found')}
          error={fieldError('manager_ids')}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('assets.fields.description')}
          autosize
          minRows={2}
          maxLength={ASSET_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fieldError('description')}
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errorText(errors.form)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('assets.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('assets.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Add or change an asset system (admins): name, common status, description. */
export function SystemModal({
  opened,
  system,
  onClose,
  onSaved,
}: {
  opened: boolean;
  system: AssetSystem | null;
  onClose: () => void;
  onSaved: (saved: AssetSystem) => void;
}) {
  const { t } = useTranslation();
  const statusName = useAssetStatusName();
  const save = useSaveAssetSystem();
  const { errors, setErrors, fieldError, fromError, errorText } = useFormErrors();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('1');
  const [description, setDescription] = useState('');

  useEffect(() => {
    if (!opened) return;
    setName(system?.name ?? '');
    setStatus(String(system?.status ?? 1));
    setDescription(system?.description ?? '');
    setErrors({});
  }, [opened, system, setErrors]);

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: 'required' });
      return;
    }
    try {
      onSaved(
        await save.mutateAsync({
          ...(system ? { id: system.id } : {}),
          name: name.trim(),
          status: Number(status),
          description: description.trim() || null,
        }),
      );
    } catch (err) {
      fromError(err);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(system ? 'assets.systems.edit_title' : 'assets.systems.add_title')}
    >
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('assets.fields.name')}
          withAsterisk
          maxLength={ASSET_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <Select
          label={t('assets.fields.status')}
          data={statusChoices(statusName)}
          value={status}
          onChange={(v) => v && setStatus(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('assets.fields.description')}
          autosize
          minRows={2}
          maxLength={ASSET_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fieldError('description')}
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errorText(errors.form)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('assets.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('assets.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
