import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { setupI18n } from '../../i18n';
import { useErrorText } from './use-error-text';

beforeAll(async () => {
  await setupI18n('en');
});

describe('useErrorText', () => {
  const errorText = () => renderHook(() => useErrorText()).result.current;

  it("shows the server's key in the reader's language, else the general error", () => {
    expect(errorText()(new ApiError(409, 'process_nr_taken', ''))).toBe(
      'This process number is already in use.',
    );
    expect(errorText()('file_too_big')).toBe('The file is too big.');
    expect(errorText()('no_such_key')).toBe('An error occurred. Please try again.');
    expect(errorText()(new Error('boom'))).toBe('An error occurred. Please try again.');
    expect(errorText()(new TypeError('Failed to fetch'))).toBe(
      'No internet connection. Check your connection and try again.',
    );
  });

  it("shows a refusal's first field, and the names of refused files", () => {
    expect(errorText()(new ApiError(422, 'validation_failed', '', { title: 'title_too_short' }))).toBe(
      'Enter longer title',
    );
    expect(
      errorText()(
        new ApiError(422, 'file_type_not_allowed', '', {}, [
          { name: 'a.exe', key: 'file_type_not_allowed' },
          { name: 'b.bat', key: 'file_type_not_allowed' },
        ]),
      ),
    ).toBe('This file type is not allowed. a.exe, b.bat');
  });
});
