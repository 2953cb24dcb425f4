import { Group, Stack, Text, TextInput } from '@mantine/core';
import { SCHEDULE_LINKS_MAX } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { AddRowButton, RemoveRowButton } from './RowButtons';

/** The links each created issue carries: address and title rows, added and removed here. */
export function ScheduleLinksField({ values, set, fieldError, readOnly }: FieldProps) {
  const { t } = useTranslation();
  const links = values.links;
  const setLink = (index: number, part: 'url' | 'title', text: string) =>
    set(
      'links',
      links.map((l, i) => (i === index ? { ...l, [part]: text } : l)),
    );
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('schedule-editor.fields.links')}
      </Text>
      {links.length === 0 && readOnly && (
        <Text size="sm" c="dimmed">
          {t('schedule-editor.none')}
        </Text>
      )}
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('schedule-editor.link_url', { n: index + 1 })}
            type="url"
            placeholder="https://"
            value={link.url}
            onChange={(e) => setLink(index, 'url', e.currentTarget.value)}
            readOnly={readOnly}
            style={{ flex: 2 }}
          />
          <TextInput
            label={t('schedule-editor.link_title', { n: index + 1 })}
            value={link.title}
            onChange={(e) => setLink(index, 'title', e.currentTarget.value)}
            readOnly={readOnly}
            style={{ flex: 1 }}
          />
          {!readOnly && (
            <RemoveRowButton
              label={t('schedule-editor.remove_link', { n: index + 1 })}
              onClick={() =>
                set(
                  'links',
                  links.filter((_, i) => i !== index),
                )
              }
            />
          )}
        </Group>
      ))}
      {fieldError('links') && (
        <Text size="xs" c="red" role="alert">
          {fieldError('links')}
        </Text>
      )}
      {!readOnly && links.length < SCHEDULE_LINKS_MAX && (
        <AddRowButton onClick={() => set('links', [...links, { url: '', title: '' }])}>
          {t('schedule-editor.add_link')}
        </AddRowButton>
      )}
    </Stack>
  );
}
