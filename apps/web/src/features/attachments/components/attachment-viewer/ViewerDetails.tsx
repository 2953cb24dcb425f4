import '@mantine/dates/styles.css';
import { Avatar, Box, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { ATTACHMENT_DESCRIPTION_MAX, PRIORITIES } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../issues/issue-helpers';
import { formatBytes } from '../../attachment-model';
import { canEditItem, type EditableFields, type GalleryItem } from '../../editing-state';
import type { ViewerOptions } from './AttachmentViewer';
import { CommentLog } from './CommentLog';

/**
 * The viewer's side panel: the uploader and when, the description with characters left,
 * priority and deadline when the organisation uses them, the pending-changes bar and the
 * comment log.
 */
export function ViewerDetails({
  item,
  options,
  onEdit,
  footer,
}: {
  item: GalleryItem;
  options: ViewerOptions;
  onEdit: (key: string, patch: Partial<EditableFields>) => void;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const editable = canEditItem(item);
  const uploader = item.original?.user ?? null;
  const priorityOptions = [
    { value: '', label: t('attachments.no_priority') },
    ...PRIORITIES.filter((p) => p.id !== 0).map((p) => ({
      value: String(p.id),
      label: t(`issues.priority.${p.name}`),
    })),
  ];
  return (
    <Stack p="md" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={uploader?.profile_image} radius="xl" name={uploader?.full_name} color="brand" />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} data-testid="viewer-uploader">
            {uploader?.full_name ?? t('attachments.you_new')}
          </Text>
          <Text size="xs" c="dimmed">
            {item.original
              ? formatDateTime(new Date(item.original.created_at * 1000).toISOString(), i18n.language)
              : t('attachments.not_uploaded')}
            {' · '}
            {formatBytes(item.size_bytes)}
          </Text>
        </Box>
      </Group>
      <Textarea
        label={t('attachments.description')}
        placeholder={editable ? t('attachments.description_placeholder') : undefined}
        value={item.fields.description}
        maxLength={ATTACHMENT_DESCRIPTION_MAX}
        onChange={(e) => onEdit(item.key, { description: e.currentTarget.value })}
        disabled={!editable}
        autosize
        minRows={3}
        maxRows={8}
        description={
          editable
            ? t('attachments.characters_left', {
                count: ATTACHMENT_DESCRIPTION_MAX - item.fields.description.length,
              })
            : undefined
        }
        inputWrapperOrder={['label', 'input', 'description']}
      />
      {options.showPriority && (
        <Select
          label={t('attachments.priority')}
          data={priorityOptions}
          value={item.fields.priority_id === null ? '' : String(item.fields.priority_id)}
          onChange={(v) => onEdit(item.key, { priority_id: v ? Number(v) : null })}
          disabled={!editable}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {options.showDeadline && (
        <DateTimePicker
          label={t('attachments.deadline')}
          placeholder={t('attachments.deadline_placeholder')}
          value={item.fields.due_date === null ? null : new Date(item.fields.due_date * 1000)}
          onChange={(v) =>
            onEdit(item.key, {
              due_date: v ? Math.floor(new Date(v).getTime() / 1000) : null,
            })
          }
          minDate={new Date()}
          clearable
          disabled={!editable}
          valueFormat="DD.MM.YYYY HH:mm"
          popoverProps={{ withinPortal: true }}
        />
      )}
      {footer}
      {options.canComment && options.issueId !== null && item.original && item.state !== 'NEW' && (
        <CommentLog issueId={options.issueId} attachmentId={item.original.id} />
      )}
    </Stack>
  );
}
