import { Avatar, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import type { Issue } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../ui/feedback/use-notify';
import { useIssueActions, useWorkspacePeople } from '../../issues-api';
import { Section } from './Section';

/** Watchers, editable through the people who can work in the workspace (PUT issue/{id}/watchers). */
export function Watchers({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string[]>([]);
  const people = useWorkspacePeople(editing ? issue.workspace_id : null);
  const { watchers } = useIssueActions(issue.id);
  const open = () => {
    setValue(issue.watchers.map((w) => String(w.id)));
    setEditing(true);
  };
  const save = async () => {
    try {
      await watchers.mutateAsync(value.map(Number));
      notify.ok('issues.watchers.saved');
      setEditing(false);
    } catch (err) {
      notify.fail(err);
    }
  };
  const options = [
    ...(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name })),
    // Watchers who no longer work there stay choosable (to be removed).
    ...issue.watchers
      .filter((w) => !people.data?.some((p) => p.id === w.id))
      .map((w) => ({ value: String(w.id), label: w.full_name })),
  ];
  return (
    <Section
      title={t('issues.watchers.title')}
      action={
        issue.permissions.can_edit && (
          <Button size="xs" variant="subtle" onClick={open}>
            {t('issues.edit')}
          </Button>
        )
      }
    >
      {issue.watchers.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('issues.watchers.empty')}
        </Text>
      ) : (
        <Group gap="xs">
          {issue.watchers.map((w) => (
            <Group key={w.id} gap={6} wrap="nowrap">
              <Avatar src={w.profile_image} size="sm" radius="xl" name={w.full_name} />
              <Text size="sm">{w.full_name}</Text>
            </Group>
          ))}
        </Group>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('issues.watchers.edit')} centered>
        <Stack>
          <MultiSelect
            label={t('issues.watchers.title')}
            data={options}
            value={value}
            onChange={setValue}
            searchable
            clearable
            disabled={people.isPending}
            nothingFoundMessage={t('issues.no_results')}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('issues.cancel')}
            </Button>
            <Button onClick={save} loading={watchers.isPending}>
              {t('issues.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
