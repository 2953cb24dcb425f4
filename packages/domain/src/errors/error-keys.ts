/**
 * Stable machine keys of error bodies. The spec's message keys (000 §4, §5, §8) where it has
 * them; our own, in the same snake_case style, where it has none.
 */
export const ERROR_KEYS = [
  // authentication and session (000 §7, §8)
  'incorrect_email_or_password',
  'login_failed',
  'access_denied',
  'unauthenticated',
  'too_many_attempts',
  'invalid_token',
  'token_expired',
  'account_not_active',
  'wrong_password',
  // field validation (000 §5, §8)
  'validation_failed',
  'required',
  'invalid_format',
  'too_short',
  'too_long',
  'passwords_do_not_match',
  'email_already_added',
  'user_already_exists',
  'not_administrator_email',
  'unsupported_language',
  'unsupported_type',
  // people, workspaces and collaborations (issue 3)
  'image_too_big',
  'image_too_small',
  'file_type_not_allowed',
  'file_too_big',
  'collaboration_already_exists',
  'invitation_not_pending',
  'own_company_email',
  'last_admin',
  'invalid_parent',
  'not_in_workspace',
  'no_other_client',
  'not_checked_in',
  // generic
  'not_found',
  'entity_does_not_exist',
  'forbidden',
  'general_error',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];
