import { emailErrorKey, PASSWORD_MIN } from '@workbench/domain';

/** The same checks and keys as the server's schemas, so a person sees the error before sending. */
export function emailError(value: string): string | undefined {
  return emailErrorKey(value);
}

export function newPasswordErrors(password: string, confirm: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!password) errors.password = 'required';
  else if (password.length < PASSWORD_MIN) errors.password = 'too_short';
  if (password && confirm !== password) errors.confirm_password = 'passwords_do_not_match';
  return errors;
}

export function requiredErrors(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => !v.trim())
      .map(([k]) => [k, 'required']),
  );
}
