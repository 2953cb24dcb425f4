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
  'too_many_requests',
  'invalid_token',
  'token_expired',
  'account_not_active',
  'wrong_password',
  // the organisation requires its privacy policy accepted first (issue 21)
  'privacy_consent_required',
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
  'file_content_not_allowed',
  // attachments (000 §5 Uploads, 001 §9)
  'total_limit_exceeded',
  'collaboration_already_exists',
  'invitation_not_pending',
  'own_company_email',
  'last_admin',
  'invalid_parent',
  'not_in_workspace',
  'no_other_client',
  'not_checked_in',
  // issues (000 §4, §5, §8)
  'worktime_required',
  'attachment_required',
  'subtasks_not_completed',
  'subtasks_not_completed_one',
  'workspace_required',
  'title_too_short',
  'title_mandatory',
  'assignee_required',
  'asset_required',
  'due_date_required',
  'process_nr_required',
  'process_nr_format',
  'process_nr_taken',
  'date_in_past',
  'due_before_start',
  'note_required',
  'status_not_allowed',
  'start_not_possible_yet',
  'already_assignee',
  'issue_archived',
  'description_too_short',
  'worktime_not_editable',
  'assignee_not_available',
  // categories
  'category_name_taken',
  // assets (001 §5 dropdowns bound to a workspace, §6)
  'asset_archived',
  'not_same_workspace',
  'valid_until_before_issued',
  // schedules (001 §3, §4 "Schedule"; issue 16)
  'repeat_value_invalid',
  'end_before_start',
  'break_end_before_start',
  'work_hours_end_before_start',
  'too_many_assets',
  'invalid_weekday',
  'invalid_time_zone',
  'schedule_archived',
  'not_schedule_assignee',
  // equipment (001 §4, §5 "Equipment form"; issue 18)
  'type_required',
  'return_date_required',
  'equipment_archived',
  'equipment_issued',
  'equipment_not_issued',
  'equipment_not_available',
  'reservation_too_long',
  'booking_too_far_ahead',
  'booking_not_pending',
  'booking_closed',
  'holder_required',
  'type_in_use',
  'holder_has_equipment',
  'invalid_email',
  // the public area (000 §7 "Public"; issue 19)
  'workspace_archived',
  'public_form_disabled',
  'spam_detected',
  'comments_disabled',
  'comment_upload_closed',
  'reopen_period_over',
  'no_reporter_email',
  'not_public_report',
  // location requests (issue 21)
  'location_request_not_pending',
  // issue PDF reports (issue 22; 001 §5 "Export")
  'at_least_one_checkbox',
  'too_many_emails',
  // the location picker (001 §5 "Coordinates", §8; issue 22; required_field: below)
  'geocoder_not_configured',
  'geocoder_unavailable',
  // dynamic forms (issue 22)
  'required_field',
  'duplicate_field_key',
  'options_required',
  'number_out_of_range',
  'invalid_option',
  'too_many_photos',
  'unknown_field',
  'photo_not_found',
  'form_already_exists',
  'no_workspace_form',
  // machine translation and the Odoo sync (issue 22)
  'translation_not_configured',
  'translation_failed',
  'odoo_not_configured',
  'odoo_sync_failed',
  'odoo_connection_failed',
  // generic
  'bad_request',
  'invalid_json',
  'invalid_characters',
  'number_too_large',
  'invalid_multipart',
  'invalid_encoding',
  'payload_too_large',
  'unsupported_media_type',
  // the Idempotency-Key header of write calls (issue 24)
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'no_internet',

  'not_found',
  'entity_does_not_exist',
  'forbidden',
  'general_error',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

const KNOWN_KEYS: ReadonlySet<string> = new Set(ERROR_KEYS);

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && KNOWN_KEYS.has(value);
}

/** A key read from elsewhere (a zod message, a stored field error): itself when known, else fallback. */
export function toErrorKey(value: unknown, fallback: ErrorKey = 'invalid_format'): ErrorKey {
  return isErrorKey(value) ? value : fallback;
}
