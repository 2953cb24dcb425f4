import { PASSWORD_MIN } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/**
 * State of an auth form: per-field error keys (from local checks or the server's `fields`), one
 * general error key, and whether the request is under way.
 */
export function useAuthForm() {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** Runs a submit: local errors stop it; server errors land on their fields or as the general error. */
  async function submit(localErrors: Record<string, string>, send: () => Promise<void>) {
    setError(null);
    setFieldErrors(localErrors);
    if (Object.keys(localErrors).length) return;
    setSending(true);
    try {
      await send();
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors(err.fields);
        if (!Object.keys(err.fields).length || err.key !== 'validation_failed') setError(err.key);
      } else {
        setError('general_error');
      }
    } finally {
      setSending(false);
    }
  }

  /** The translated message of a field's error, for Mantine's `error` prop. */
  function fieldError(field: string): string | undefined {
    const key = fieldErrors[field];
    if (!key) return undefined;
    if (key === 'too_short' && /password/.test(field)) return t('auth.password_hint', { min: PASSWORD_MIN });
    return t(`errors.${key}`, { defaultValue: t('errors.general_error') });
  }

  const errorText = error ? t(`errors.${error}`, { defaultValue: t('errors.general_error') }) : null;
  return { submit, fieldError, errorText, sending, setError };
}
