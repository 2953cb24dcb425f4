import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { CHECKLIST_TEMPLATE_NAME_MAX, type Checklist } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCategories } from '../../issues/issues-api';
import type { useChecklistActions } from '../checklists-api';

/** Saves a checklist's items (titles and descriptions, in order) as a template of the organisation. */
export function SaveTemplateModal({
  opened,
  checklist,
  actions,
  onClose,
}: {
  opened: boolean;
  checklist: Checklist;
  actions: ReturnType<typeof useChecklistActions>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const categories = useCategories();
  const [name, setName] = useState(checklist.title);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(checklist.title);
      setCategoryId(null);
    }
  }, [opened, checklist.title]);
  const save = () =>
    actions.saveAsTemplate.mutate(
      { checklistId: checklist.id, name: name.trim(), category_id: categoryId ? Number(categoryId) : null },
      {
        onSuccess: () => {
          onClose();
          notify.ok('checklists.template_saved');
        },
        onError: notify.fail,
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('checklists.save_as_template')} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('checklists.save_template_text', { count: checklist.items_count })}
        </Text>
        <TextInput
          data-autofocus
          label={t('checklists.template_name')}
          value={name}
          maxLength={CHECKLIST_TEMPLATE_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <Select
          label={t('checklists.category')}
          placeholder={t('checklists.no_category')}
          clearable
          value={categoryId}
          onChange={setCategoryId}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checklists.cancel')}
          </Button>
          <Button onClick={save} loading={actions.saveAsTemplate.isPending} disabled={!name.trim()}>
            {t('checklists.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
