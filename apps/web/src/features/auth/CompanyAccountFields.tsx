import { Group, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from './NewPasswordFields';

export type CompanyAccountValues = {
  company_name: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
};
export type CompanyAccountField = keyof CompanyAccountValues;

/**
 * The company and its first admin, as signup and accepting a partner invitation without an account
 * both ask for them. `children` goes between the name and the password (signup's e-mail).
 */
export function CompanyAccountFields({
  values,
  onChange,
  fieldError,
  children,
}: {
  values: CompanyAccountValues;
  onChange: (field: CompanyAccountField, value: string) => void;
  fieldError: (field: string) => string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // Read the value now: React may run the caller's updater after the event's currentTarget is cleared.
  const change = (field: CompanyAccountField) => (e: ChangeEvent<HTMLInputElement>) =>
    onChange(field, e.currentTarget.value);

  return (
    <>
      <TextInput
        label={t('common.company_name')}
        required
        autoComplete="organization"
        value={values.company_name}
        onChange={change('company_name')}
        error={fieldError('company_name')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('common.first_name')}
          required
          autoComplete="given-name"
          value={values.first_name}
          onChange={change('first_name')}
          error={fieldError('first_name')}
        />
        <TextInput
          label={t('common.last_name')}
          required
          autoComplete="family-name"
          value={values.last_name}
          onChange={change('last_name')}
          error={fieldError('last_name')}
        />
      </Group>
      {children}
      <NewPasswordFields
        label={t('common.password')}
        password={values.password}
        confirm={values.confirm_password}
        onPassword={(value) => onChange('password', value)}
        onConfirm={(value) => onChange('confirm_password', value)}
        fieldError={fieldError}
      />
    </>
  );
}
