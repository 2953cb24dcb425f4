import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconListCheck, IconPlus, IconTemplate } from '@tabler/icons-react';
import { CHECKLIST_TITLE_MAX, canManageChecklistTemplates, type Issue } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useAuth } from '../../auth/session-store';
import { useChecklistActions, useChecklists } from '../checklists-api';
import { ChecklistCard } from './ChecklistCard';
import { TemplatePickerModal } from './TemplatePickerModal';

/**
 * The checklists of an issue (001 §2): whoever sees the issue reads them and their progress;
 * whoever may edit the issue builds them, ticks and orders items, converts items to issues and
 * assigns templates. Admins and managers also save a checklist as a template.
 */
export function ChecklistsSection({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const checklists = useChecklists(issue.id);
  const actions = useChecklistActions(issue.id);
  const user = useAuth().session?.user;
  const canEdit = issue.permissions.can_edit;
  const canSaveTemplate =
    !!user &&
    canManageChecklistTemplates({
      role: user.role,
      managesAnyWorkspace: user.permissions.workspace.some((r) => r.role === 'manager'),
    });
  const [adding, setAdding] = useState(false);
  const [title, setTitle] = useState('');
  const [picking, setPicking] = useState(false);

  const create = () => {
    const value = title.trim();
    if (!value) return;
    actions.create.mutate(value, {
      onSuccess: () => {
        setTitle('');
        setAdding(false);
      },
      onError: notify.fail,
    });
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="checklists-section">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {t('checklists.title')}
        </Title>
        {canEdit && (
          <Group gap={6}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTemplate size={14} />}
              onClick={() => setPicking(true)}
            >
              {t('checklists.from_template')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setAdding(true)}
            >
              {t('checklists.add')}
            </Button>
          </Group>
        )}
      </Group>

      {adding && (
        <Group gap="xs" mb="sm" align="flex-start" wrap="nowrap">
          <TextInput
            data-autofocus
            autoFocus
            style={{ flex: 1 }}
            aria-label={t('checklists.new_title')}
            placeholder={t('checklists.new_title')}
            value={title}
            maxLength={CHECKLIST_TITLE_MAX}
            onChange={(e) => setTitle(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') create();
              if (e.key === 'Escape') setAdding(false);
            }}
          />
          <Button onClick={create} loading={actions.create.isPending} disabled={!title.trim()}>
            {t('checklists.create')}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setAdding(false)}>
            {t('checklists.cancel')}
          </Button>
        </Group>
      )}

      {checklists.isPending && <Loader size="sm" />}
      {checklists.isError && (
        <ErrorPanel
          title={t('checklists.load_failed')}
          error={checklists.error}
          onRetry={() => checklists.refetch()}
        />
      )}
      {checklists.data?.length === 0 && !adding && (
        <Group gap="xs" c="dimmed">
          <IconListCheck size={18} />
          <Text size="sm" c="dimmed">
            {t(canEdit ? 'checklists.empty_can_add' : 'checklists.empty')}
          </Text>
        </Group>
      )}
      <Stack gap="md">
        {checklists.data?.map((checklist) => (
          <ChecklistCard
            key={checklist.id}
            issue={issue}
            checklist={checklist}
            canEdit={canEdit}
            canSaveTemplate={canSaveTemplate}
            actions={actions}
          />
        ))}
      </Stack>

      <TemplatePickerModal
        opened={picking}
        onClose={() => setPicking(false)}
        pending={actions.assignTemplate.isPending}
        onPick={(templateId) =>
          actions.assignTemplate.mutate(templateId, {
            onSuccess: () => {
              setPicking(false);
              notify.ok('checklists.template_assigned');
            },
            onError: notify.fail,
          })
        }
      />
    </Card>
  );
}
