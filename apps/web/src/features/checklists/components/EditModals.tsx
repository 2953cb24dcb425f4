import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CHECKLIST_ITEM_DESCRIPTION_MAX,
  CHECKLIST_ITEM_TITLE_MAX,
  CHECKLIST_TITLE_MAX,
  type ChecklistItem,
  type UpdateChecklistItemRequest,
} from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Renames a checklist. */
export function TitleEditModal({
  opened,
  title,
  label,
  initial,
  pending,
  onClose,
  onSave,
}: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  pending: boolean;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (opened) setValue(initial);
  }, [opened, initial]);
  const save = () => value.trim() && onSave(value.trim());
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <TextInput
          data-autofocus
          label={label}
          value={value}
          maxLength={CHECKLIST_TITLE_MAX}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checklists.cancel')}
          </Button>
          <Button onClick={save} loading={pending} disabled={!value.trim()}>
            {t('checklists.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Edits an item's title and description (001 §5 "Checklist item update"). */
export function ItemEditModal({
  item,
  pending,
  onClose,
  onSave,
}: {
  item: ChecklistItem | null;
  pending: boolean;
  onClose: () => void;
  onSave: (changes: UpdateChecklistItemRequest) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    if (item) {
      setTitle(item.title);
      setDescription(item.description ?? '');
    }
  }, [item]);
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('checklists.edit_item')} centered>
      <Stack>
        <TextInput
          data-autofocus
          label={t('checklists.item_title')}
          value={title}
          maxLength={CHECKLIST_ITEM_TITLE_MAX}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
        />
        <Textarea
          label={t('checklists.item_description')}
          value={description}
          maxLength={CHECKLIST_ITEM_DESCRIPTION_MAX}
          description={t('checklists.characters_left', {
            count: CHECKLIST_ITEM_DESCRIPTION_MAX - description.length,
          })}
          autosize
          minRows={3}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checklists.cancel')}
          </Button>
          <Button
            loading={pending}
            disabled={!title.trim()}
            onClick={() => onSave({ title: title.trim(), description: description.trim() || null })}
          >
            {t('checklists.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
