import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ASSET_DESCRIPTION_MAX, ASSET_NAME_MAX, ASSET_STATUS_IDS } from '@workbench/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { formErrorsOf } from '../form-values';
import { useAssetStatusName } from './AssetBadges';

type Errors = Record<string, string>;

/** What an asset group and an asset system both have. */
type AssetSetFields = { name: string; status: number; description: string | null };

/**
 * The form state a group and a system share: name, common status, description and the errors by
 * field ('form' for one that names no field). Reset from the item (empty when adding) each time
 * the modal opens, so a cancelled edit leaves nothing behind.
 */
export function useAssetSetForm(opened: boolean, item: AssetSetFields | null) {
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('1');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!opened) return;
    setName(item?.name ?? '');
    setStatus(String(item?.status ?? 1));
    setDescription(item?.description ?? '');
    setErrors({});
  }, [opened, item]);

  return {
    name,
    setName,
    status,
    setStatus,
    description,
    setDescription,
    errors,
    setErrors,
    fieldError: (field: string) => (errors[field] ? errorText(errors[field]) : undefined),
    /** The shared fields as the API takes them. */
    values: () => ({ name: name.trim(), status: Number(status), description: description.trim() || null }),
    /** Saves, then hands the answer on; a refusal shows on its fields, or under the form. */
    save: async <T,>(request: () => Promise<T>, onSaved: (saved: T) => void) => {
      try {
        onSaved(await request());
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
        else setErrors({ form: errorKeyOf(err) });
      }
    },
  };
}

type AssetSetForm = ReturnType<typeof useAssetSetForm>;

/** The modal around a group's or a system's form: its fields, the form's error and the buttons. */
export function AssetSetFormModal({
  opened,
  title,
  form,
  saving,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  form: AssetSetForm;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        {form.errors.form && (
          <Text c="red" size="sm" role="alert">
            {form.fieldError('form')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('assets.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('assets.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AssetSetNameField({ form }: { form: AssetSetForm }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('assets.fields.name')}
      withAsterisk
      maxLength={ASSET_NAME_MAX}
      value={form.name}
      onChange={(e) => form.setName(e.currentTarget.value)}
      error={form.fieldError('name')}
      data-autofocus
    />
  );
}

/** The common status: any of the five (archived hides the group or system from the lists). */
export function AssetSetStatusField({ form }: { form: AssetSetForm }) {
  const { t } = useTranslation();
  const statusName = useAssetStatusName();
  return (
    <Select
      label={t('assets.fields.status')}
      data={ASSET_STATUS_IDS.map((s) => ({ value: String(s), label: statusName(s) }))}
      value={form.status}
      onChange={(v) => v && form.setStatus(v)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function AssetSetDescriptionField({ form }: { form: AssetSetForm }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('assets.fields.description')}
      autosize
      minRows={2}
      maxLength={ASSET_DESCRIPTION_MAX}
      value={form.description}
      onChange={(e) => form.setDescription(e.currentTarget.value)}
      error={form.fieldError('description')}
    />
  );
}
