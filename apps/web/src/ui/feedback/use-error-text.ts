import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorTextKey } from './error-text';

/**
 * The one way to show an error from the server: answers a function that turns any error (or an
 * error key such as a field's) into the reader's language. An ApiError that names fields shows
 * its first field's text (a toast or panel marks no field; forms read `fields` themselves before),
 * and one that names refused files ends with their names.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const exists = (key: string) => i18n.exists(key);
      if (!(error instanceof ApiError)) return t(errorTextKey(error, exists));
      const firstField = Object.values(error.fields)[0];
      const text = t(errorTextKey(firstField ?? error, exists));
      const refused = error.files.map((file) => file.name).join(', ');
      return refused ? `${text} ${refused}` : text;
    },
    [t, i18n],
  );
}
