import { PASSWORD_MIN } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorKeyOf } from '../../ui/feedback/error-text';
import { useErrorText } from '../../ui/feedback/use-error-text';

/**
 * State of an auth form: per-field error keys (from local checks or the server's `fields`), one
 * general error key, and whether the request is under way.
 */
export function useAuthForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
      const fields = err instanceof ApiError ? err.fields : {};
      setFieldErrors(fields);
      // A refusal of its own (wrong password…) shows beside the fields it names.
      if (!Object.keys(fields).length || errorKeyOf(err) !== 'validation_failed') setError(errorKeyOf(err));
    } finally {
      setSending(false);
    }
  }

  /** The translated message of a field's error, for Mantine's `error` prop. */
  function fieldError(field: string): string | undefined {
    const key = fieldErrors[field];
    if (!key) return undefined;
    if (key === 'too_short' && /password/.test(field)) return t('auth.password_hint', { min: PASSWORD_MIN });
    return errorText(key);
  }

  return { submit, fieldError, errorText: error ? errorText(error) : null, sending, setError };
}
