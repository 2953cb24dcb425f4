import { EMAIL_MAX } from '../limits.js';

/** An e-mail address as ZEmail accepts it (zod's own address pattern, so both read alike). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The key ZEmail refuses an address with, or undefined when it is valid: the same rule without
 * zod, for screens that check an address before sending it (the login page loads no zod).
 */
export function emailErrorKey(value: string): 'required' | 'invalid_format' | undefined {
  const email = value.trim();
  if (!email) return 'required';
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return 'invalid_format';
  return undefined;
}
