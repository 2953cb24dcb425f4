import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorMessageKey } from './issue-helpers';

/** Success toasts and error toasts: the server's key in the reader's language, else the generic one. */
export function useNotify() {
  const { t, i18n } = useTranslation();
  return {
    ok: (key: string, values?: Record<string, unknown>) =>
      notifications.show({ color: 'teal', message: t(key, values) }),
    warn: (message: string) => notifications.show({ color: 'yellow', message }),
    fail: (err: unknown) => {
      const key = errorMessageKey(err instanceof ApiError ? err.key : null, (k) => i18n.exists(k));
      notifications.show({ color: 'red', message: t(key) });
    },
    /** A refusal named in a bulk answer (not_completed etc.). */
    failKey: (errorKey: string) => {
      notifications.show({ color: 'red', message: t(errorMessageKey(errorKey, (k) => i18n.exists(k))) });
    },
  };
}
