import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './use-error-text';

/**
 * The toasts of the app: a success from a translation key (or its own content, e.g. with a link
 * to what was made), a warning, and a failure from any error or error key (useErrorText).
 */
export function useNotify() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return {
    ok: (key: string, values?: Record<string, unknown>) =>
      notifications.show({ color: 'teal', message: t(key, values) }),
    okContent: (message: ReactNode) => notifications.show({ color: 'teal', message }),
    warn: (message: string) => notifications.show({ color: 'yellow', message }),
    /** One argument only, so it can be handed to a mutation's onError as it is. */
    fail: (error: unknown) => notifications.show({ color: 'red', message: errorText(error) }),
    /** A failure under a title saying what failed when the error's own text does not (an export, the files). */
    failWithTitle: (title: string, error: unknown) =>
      notifications.show({ color: 'red', title, message: errorText(error) }),
  };
}
