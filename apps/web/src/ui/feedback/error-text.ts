import { ApiError } from '../../api/client';

/** A fetch that never reached the server: browsers say so with a TypeError of their own wording. */
const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed/i;

/**
 * The error key an error stands for: the server's key of an ApiError, 'no_internet' when the
 * request never reached the server, else 'general_error'. A string is already a key (a field's,
 * a refused file's or a bulk refusal's).
 */
export function errorKeyOf(error: unknown): string {
  if (typeof error === 'string') return error || 'general_error';
  if (error instanceof ApiError) return error.key;
  if (error instanceof TypeError && NETWORK_FAILURE.test(error.message)) return 'no_internet';
  return 'general_error';
}

/**
 * The translation key of an error's text: 'errors.<key>' when the reader's language has it,
 * else the general 'an error occurred, try again' (000 §8), so no raw key ever shows.
 */
export function errorTextKey(error: unknown, exists: (key: string) => boolean): string {
  const key = `errors.${errorKeyOf(error)}`;
  return exists(key) ? key : 'errors.general_error';
}
