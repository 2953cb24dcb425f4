import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { canSaveDraft, DESCRIPTION_MAX, NAME_MAX, type SaveFilterDraft } from '../saved-filter-helpers';

type Props = {
  opened: boolean;
  /** 'create' saves the current list; 'edit' renames an existing filter. */
  mode: 'create' | 'edit';
  initial: SaveFilterDraft;
  saving: boolean;
  /** Field error keys from the server (name, description). */
  fieldErrors: Record<string, string>;
  onClose: () => void;
  onSave: (draft: SaveFilterDraft) => void;
};

/** The save-filter dialog (000 §2 modals, §4: Save only with a non-empty name; §5 limits). */
export function SaveFilterDialog({ opened, mode, initial, saving, fieldErrors, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SaveFilterDraft>(initial);
  useEffect(() => {
    if (opened) setDraft(initial);
  }, [opened, initial]);

  const errorText = useErrorText();
  const fieldError = (field: string) => (fieldErrors[field] ? errorText(fieldErrors[field]) : undefined);
  const valid = canSaveDraft(draft);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'create' ? 'saved-filters.dialog.create_title' : 'saved-filters.dialog.edit_title')}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !saving) onSave(draft);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('saved-filters.dialog.name')}
            placeholder={t('saved-filters.dialog.name_placeholder')}
            required
            data-autofocus
            maxLength={NAME_MAX}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={fieldError('name')}
          />
          <Textarea
            label={t('saved-filters.dialog.description')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={DESCRIPTION_MAX}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            error={fieldError('description')}
            description={
              <Text span size="xs" c="dimmed" data-testid="saved-filter-description-counter">
                {t('saved-filters.dialog.counter', { value: draft.description.length, max: DESCRIPTION_MAX })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Checkbox
            label={t('saved-filters.dialog.favorite')}
            checked={draft.is_favorite}
            onChange={(e) => setDraft({ ...draft, is_favorite: e.currentTarget.checked })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('saved-filters.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={saving}>
              {t('saved-filters.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
