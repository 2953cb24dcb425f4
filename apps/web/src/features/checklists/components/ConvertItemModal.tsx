import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { type ChecklistItem, ISSUE_TITLE_MAX, type Issue } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { issuePaths } from '../../issues/issue-helpers';
import type { useChecklistActions } from '../checklists-api';

/**
 * Turns an item into an issue of its own or a sub-issue of this issue. The new issue follows the
 * issue form's rules; the item then leaves the checklist (the work lives on in the new issue).
 */
export function ConvertItemModal({
  issue,
  item,
  actions,
  onClose,
}: {
  issue: Issue;
  item: ChecklistItem | null;
  actions: ReturnType<typeof useChecklistActions>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const canSubtask = issue.permissions.can_create_subissue && issue.parent_id === null;
  const [type, setType] = useState<'issue' | 'subtask'>('subtask');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (item) {
      setType(canSubtask ? 'subtask' : 'issue');
      setTitle(item.title);
      setDescription(item.description ?? '');
      setError(null);
    }
  }, [item, canSubtask]);

  const convert = () => {
    if (!item) return;
    actions.convertItem.mutate(
      { itemId: item.id, request: { type, title: title.trim(), description: description.trim() || null } },
      {
        onSuccess: (created) => {
          onClose();
          const to =
            type === 'subtask' ? issuePaths.detail(issue.id, created.id) : issuePaths.detail(created.id);
          notify.okContent(
            <>
              {t(type === 'subtask' ? 'checklists.converted_subtask' : 'checklists.converted_issue')}{' '}
              <Anchor component={Link} to={to} size="sm">
                {t('checklists.open_issue')}
              </Anchor>
            </>,
          );
        },
        onError: (err) => {
          // A form rule of the new issue (title, description) is shown in the dialog.
          if (err instanceof ApiError && err.status === 422) setError(errorText(err));
          else notify.fail(err);
        },
      },
    );
  };

  return (
    <Modal opened={item !== null} onClose={onClose} title={t('checklists.convert_title')} centered>
      <Stack>
        <Radio.Group
          value={type}
          onChange={(v) => setType(v as 'issue' | 'subtask')}
          label={t('checklists.convert_to')}
        >
          <Group mt={6}>
            <Radio value="subtask" label={t('checklists.as_subtask')} disabled={!canSubtask} />
            <Radio value="issue" label={t('checklists.as_issue')} />
          </Group>
        </Radio.Group>
        <TextInput
          label={t('checklists.issue_title')}
          value={title}
          maxLength={ISSUE_TITLE_MAX}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
        />
        <Textarea
          label={t('checklists.issue_description')}
          value={description}
          autosize
          minRows={2}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Alert variant="light" color="blue">
          {t('checklists.convert_note')}
        </Alert>
        {error && (
          <Alert variant="light" color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checklists.cancel')}
          </Button>
          <Button onClick={convert} loading={actions.convertItem.isPending} disabled={!title.trim()}>
            {t('checklists.convert_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
