import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { type Issue, TEXT_FIELD_MAX } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/client';
import { useErrorText } from '../../../../ui/feedback/use-error-text';
import { useNotify } from '../../../../ui/feedback/use-notify';
import { normalizeUrl } from '../../issue-helpers';
import { useIssueActions } from '../../issues-api';
import { Section } from './Section';

/** Links (add / remove when the issue may be edited). */
export function Links({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const { addLink, removeLink } = useIssueActions(issue.id);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canEdit = issue.permissions.can_edit;
  const add = async () => {
    if (!url.trim()) return setError(t('errors.required'));
    try {
      await addLink.mutateAsync({ url: normalizeUrl(url), title: title.trim() || null });
      setUrl('');
      setTitle('');
      notify.ok('issues.links.added');
    } catch (err) {
      if (err instanceof ApiError && err.fields.url) setError(errorText(err.fields.url));
      else notify.fail(err);
    }
  };
  const remove = async (linkId: number) => {
    try {
      await removeLink.mutateAsync(linkId);
      notify.ok('issues.links.removed');
    } catch (err) {
      notify.fail(err);
    }
  };
  return (
    <Section title={t('issues.links.title')}>
      <Stack gap="xs">
        {issue.links.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('issues.links.empty')}
          </Text>
        )}
        {issue.links.map((link) => (
          <Group key={link.id} justify="space-between" wrap="nowrap">
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={1}>
              <IconExternalLink size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {link.title || link.url}
            </Anchor>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('issues.links.remove')}
                onClick={() => remove(link.id)}
                loading={removeLink.isPending && removeLink.variables === link.id}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {canEdit && (
          <Stack
            gap={6}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <TextInput
              size="xs"
              placeholder="https://…"
              aria-label={t('issues.links.url')}
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
            <Group gap={6} wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                placeholder={t('issues.links.link_title')}
                aria-label={t('issues.links.link_title')}
                value={title}
                maxLength={TEXT_FIELD_MAX}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <Button size="xs" type="submit" loading={addLink.isPending}>
                {t('issues.links.add')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
