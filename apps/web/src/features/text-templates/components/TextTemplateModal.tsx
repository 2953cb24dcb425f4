import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { TEXT_TEMPLATE_TEXT_MAX, type TextTemplate } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useCategories } from '../../categories/categories-api';
import { useSaveTextTemplate } from '../text-templates-api';

/** Add (template null) or edit a text template: its text and an optional category. */
export function TextTemplateModal({
  opened,
  template,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  template: TextTemplate | null;
  defaultCategoryId: number | null;
  onClose: () => void;
  onSaved: (saved: TextTemplate) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const categories = useCategories();
  const save = useSaveTextTemplate();
  const [text, setText] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Each opening starts from the template (or empty, in the list's category).
  useEffect(() => {
    if (!opened) return;
    setText(template?.text ?? '');
    setCategoryId(
      template
        ? template.category_id
          ? String(template.category_id)
          : null
        : defaultCategoryId
          ? String(defaultCategoryId)
          : null,
    );
    setErrors({});
    save.reset();
  }, [opened, template, defaultCategoryId, save.reset]);

  const fieldError = (field: string) => {
    const key = errors[field];
    if (!key) return undefined;
    // An empty template has its own wording: 'Enter the text of the template.'
    return key === 'required' && field === 'text' ? t('text-templates.errors.required') : errorText(key);
  };

  const submit = async () => {
    if (!text.trim()) {
      setErrors({ text: 'required' });
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ...(template ? { id: template.id } : {}),
        text,
        category_id: categoryId ? Number(categoryId) : null,
      });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else setErrors({ form: errorKeyOf(err) });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(template ? 'text-templates.edit_title' : 'text-templates.add_title')}
      size="lg"
    >
      <Stack
        component="form"
        gap="md"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Textarea
          label={t('text-templates.fields.text')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={14}
          maxLength={TEXT_TEMPLATE_TEXT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setErrors({});
          }}
          error={fieldError('text')}
          description={t('text-templates.counter', { value: text.length, max: TEXT_TEMPLATE_TEXT_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-autofocus
        />
        <Select
          label={t('text-templates.fields.category')}
          placeholder={t('text-templates.no_category')}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId}
          onChange={setCategoryId}
          clearable
          searchable
          nothingFoundMessage={t('text-templates.no_categories_found')}
          error={fieldError('category_id')}
          comboboxProps={{ withinPortal: true }}
        />
        {errors.form && (
          <Group c="red" fz="sm">
            {errorText(errors.form)}
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('text-templates.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('text-templates.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
