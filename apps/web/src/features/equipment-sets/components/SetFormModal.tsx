import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { EQUIPMENT_DESCRIPTION_MAX, EQUIPMENT_TEXT_MAX } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';

type Errors = Record<string, string>;

/** The server's field keys by form field ('equipment_ids.3' is the equipment_ids field). */
export function formErrorsOf(fields: Record<string, string>): Errors {
  const out: Errors = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = key.split('.')[0] ?? key;
    if (!(field in out)) out[field] = value;
  }
  return out;
}

/**
 * The errors of one modal form by field ('form' for one that names no field, such as a refusal),
 * and the save that fills them: a refusal with fields shows on them, any other under the form.
 * A refusal whose key belongs to a field (not_same_workspace on the items) goes there.
 */
export function useFormErrors(keyFields: Record<string, string> = {}) {
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Errors>({});
  return {
    errors,
    setErrors,
    clear: (field: string) =>
      setErrors((e) => {
        const { [field]: _, form: _f, ...rest } = e;
        return rest;
      }),
    fieldError: (field: string) => (errors[field] ? errorText(errors[field]) : undefined),
    save: async <T,>(request: () => Promise<T>, onSaved: (saved: T) => void) => {
      try {
        onSaved(await request());
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
        else {
          const key = errorKeyOf(err);
          setErrors({ [keyFields[key] ?? 'form']: key });
        }
      }
    },
  };
}

export type FormErrors = ReturnType<typeof useFormErrors>;

/** The modal around a group's, type's or holder's form: its fields, the form's error and the buttons. */
export function SetFormModal({
  opened,
  title,
  errors,
  saving,
  onClose,
  onSubmit,
  size,
  children,
}: {
  opened: boolean;
  title: string;
  errors: FormErrors;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // On a phone the form takes the whole screen, so its fields and buttons are not squeezed.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={phone}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          {children}
          {errors.errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.fieldError('form')}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('equipment-sets.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="set-form-save">
              {t('equipment-sets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A group's or type's name (required, focused first) and description. */
export function NameDescriptionFields({
  name,
  description,
  onName,
  onDescription,
  errors,
}: {
  name: string;
  description: string;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
  errors: FormErrors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('equipment-sets.fields.name')}
        withAsterisk
        maxLength={EQUIPMENT_TEXT_MAX}
        value={name}
        onChange={(e) => onName(e.currentTarget.value)}
        error={errors.fieldError('name')}
        data-autofocus
      />
      <Textarea
        label={t('equipment-sets.fields.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={EQUIPMENT_DESCRIPTION_MAX}
        value={description}
        onChange={(e) => onDescription(e.currentTarget.value)}
        error={errors.fieldError('description')}
      />
    </>
  );
}
