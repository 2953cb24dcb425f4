import { MultiSelect } from '@mantine/core';
import type { AssetGroup, AssetSystem } from '@workbench/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useAssetPeople, useSaveAssetGroup, useSaveAssetSystem } from '../assets-api';
import {
  AssetSetDescriptionField,
  AssetSetFormModal,
  AssetSetNameField,
  AssetSetStatusField,
  useAssetSetForm,
} from './AssetSetForm';

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
  const save = useSaveAssetGroup();
  const form = useAssetSetForm(opened, group);
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const people = useAssetPeople(workspaceId);
  const [managers, setManagers] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setWorkspaceId(group?.workspace.id ?? null);
    setManagers(group?.managers.map((m) => String(m.id)) ?? []);
  }, [opened, group]);

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
    const found: Record<string, string> = {};
    if (!form.name.trim()) found.name = 'required';
    if (workspaceId === null) found.workspace_id = 'required';
    form.setErrors(found);
    if (Object.keys(found).length || workspaceId === null) return;
    await form.save(
      () =>
        save.mutateAsync({
          ...(group ? { id: group.id } : {}),
          ...form.values(),
          workspace_id: workspaceId,
          manager_ids: managers.map(Number),
        }),
      onSaved,
    );
  };

  return (
    <AssetSetFormModal
      opened={opened}
      title={t(group ? 'assets.groups.edit_title' : 'assets.groups.add_title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <AssetSetNameField form={form} />
      <WorkspaceSelect
        label={t('assets.fields.workspace')}
        placeholder={t('assets.fields.workspace_placeholder')}
        withAsterisk
        value={workspaceId}
        onChange={setWorkspaceId}
        error={form.fieldError('workspace_id')}
      />
      <AssetSetStatusField form={form} />
      <MultiSelect
        label={t('assets.fields.managers')}
        data={managerOptions}
        value={managers}
        onChange={setManagers}
        searchable
        nothingFoundMessage={t('assets.nothing_found')}
        error={form.fieldError('manager_ids')}
        comboboxProps={{ withinPortal: true }}
      />
      <AssetSetDescriptionField form={form} />
    </AssetSetFormModal>
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
  const save = useSaveAssetSystem();
  const form = useAssetSetForm(opened, system);

  const submit = async () => {
    if (!form.name.trim()) {
      form.setErrors({ name: 'required' });
      return;
    }
    await form.save(
      () => save.mutateAsync({ ...(system ? { id: system.id } : {}), ...form.values() }),
      onSaved,
    );
  };

  return (
    <AssetSetFormModal
      opened={opened}
      title={t(system ? 'assets.systems.edit_title' : 'assets.systems.add_title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <AssetSetNameField form={form} />
      <AssetSetStatusField form={form} />
      <AssetSetDescriptionField form={form} />
    </AssetSetFormModal>
  );
}
