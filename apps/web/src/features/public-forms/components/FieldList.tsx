import { ActionIcon, Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { PublicFormFieldKey } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { changeField, type FormDraft, moveField } from '../form-draft';

/**
 * The form's fields in their order: up and down buttons, shown, required. A report form whose
 * title is not required requires its description (the domain's rule): its switches are locked.
 */
export function FieldList({ draft, onChange }: { draft: FormDraft; onChange: (draft: FormDraft) => void }) {
  const { t } = useTranslation();
  const title = draft.fields.find((f) => f.key === 'title');
  const descriptionLocked = draft.type !== 'equipment' && !(title?.visible && title.required);
  const name = (key: PublicFormFieldKey) => t(`public-forms.fields.${key}`);
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md">
        {draft.fields.map((field, index) => {
          const locked = field.key === 'description' && descriptionLocked;
          const label = name(field.key);
          return (
            <Group
              key={field.key}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              px="sm"
              py={8}
              data-testid={`field-${field.key}`}
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Group gap={4} wrap="nowrap" miw={0}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label={t('public-forms.move_up', { field: label })}
                  disabled={index === 0}
                  onClick={() => onChange(moveField(draft, field.key, -1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label={t('public-forms.move_down', { field: label })}
                  disabled={index === draft.fields.length - 1}
                  onClick={() => onChange(moveField(draft, field.key, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <Text size="sm" fw={500} ml={4} style={{ overflowWrap: 'anywhere' }}>
                  {label}
                </Text>
              </Group>
              <Group gap="md" wrap="nowrap" ml="auto">
                <Switch
                  size="sm"
                  label={t('public-forms.shown')}
                  aria-label={t('public-forms.show_field', { field: label })}
                  checked={field.visible}
                  disabled={locked}
                  onChange={(e) =>
                    onChange(changeField(draft, field.key, { visible: e.currentTarget.checked }))
                  }
                />
                <Checkbox
                  size="sm"
                  label={t('public-forms.required')}
                  aria-label={t('public-forms.require_field', { field: label })}
                  checked={field.required}
                  disabled={locked || !field.visible}
                  onChange={(e) =>
                    onChange(changeField(draft, field.key, { required: e.currentTarget.checked }))
                  }
                />
              </Group>
            </Group>
          );
        })}
      </Paper>
      {descriptionLocked && (
        <Text size="xs" c="dimmed">
          {t('public-forms.title_hint')}
        </Text>
      )}
    </Stack>
  );
}
