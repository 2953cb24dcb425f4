import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The first field's label: 'Password' on sign-up and activation, 'New password' on a change. */
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The error text of a field, by the server's field name (password, confirm_password). */
  fieldError: (field: 'password' | 'confirm_password') => string | undefined;
};

/** A new password and its confirmation, with the length rule of packages/domain as the hint. */
export function NewPasswordFields({ label, password, confirm, onPassword, onConfirm, fieldError }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        description={t('auth.password_hint', { min: PASSWORD_MIN })}
        required
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={fieldError('password')}
      />
      <PasswordInput
        label={t('common.confirm_password')}
        required
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={fieldError('confirm_password')}
      />
    </>
  );
}
