import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Timestamps read as Date and are written as Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** JSON columns read parsed and are written as JSON text (pg would turn JS arrays into SQL arrays). */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  logo: string | null;
  settings: Json<unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  client_id: number;
  main_client_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: 'active' | 'invited' | 'paused';
  role: 'admin' | 'user';
  language: string;
  profile_image: string | null;
  job_position_id: number | null;
  password_hash: string | null;
  settings: Json<unknown>;
  onboarding_progress: Json<unknown>;
  privacy_policy_consented_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** POST notification/pause: nothing is e-mailed until then (0022). */
  notifications_paused_until: NullableTimestamp;
  deleted_at: NullableTimestamp;
}

export type TokenKind = 'session' | 'password_reset' | 'login_link' | 'invite';

export interface UserTokensTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  kind: TokenKind;
  token_hash: string;
  expires_at: Timestamp;
  remember_me: Generated<boolean>;
  revoked_at: NullableTimestamp;
  used_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: Timestamp;
  /** The device a session was made on (0023), for the profile's session list. */
  user_agent: string | null;
  ip_address: string | null;
}

export interface WorkspacesTable {
  id: Generated<number>;
  client_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  reference_number: string | null;
  image: string | null;
  translations: Json<unknown>;
  archived_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 22 random base64url characters naming the workspace in public addresses (0014; a default). */
  public_code: Generated<string>;
  /** A workspace made before 0014 also answers its numeric id publicly, until its code is regenerated. */
  public_id_legacy: Generated<boolean>;
  /** The location picker's place (0028): name, lat and lng all set or all null. */
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_is_coordinates: Generated<boolean>;
  /** The ids from the root down to this workspace (0033), kept by a trigger. */
  path: Generated<number[]>;
}

export interface WorkspaceUsersTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  user_id: number;
  role: 'manager' | 'group_manager' | 'member';
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  color: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TextTemplatesTable {
  id: Generated<number>;
  client_id: number;
  text: string;
  category_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobPositionsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: Timestamp;
}

export interface ActivityLogTable {
  id: Generated<number>;
  client_id: number;
  user_id: number | null;
  entity_type: string;
  entity_id: number;
  action: string;
  changes: Json<unknown>;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  client_id: number | null;
  to_email: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  /** The spec's delivery statuses (000 §3); temp_fail is retried with back-off. */
  status: Generated<'pending' | 'delivered' | 'temp_fail' | 'permanent_fail'>;
  attempts: Generated<number>;
  last_error: string | null;
  /** A sender instance holds the row until then; a crashed sender's claim simply runs out. */
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Files attached to the mail, by storage key (0031; the PDF report's e-mail copies). */
  attachments: Json<MailAttachmentRef[]>;
}

/** An attachment of an outbox mail: its name, type and where the bytes are stored. */
export type MailAttachmentRef = { filename: string; content_type: string; storage_key: string };

/** Failed logins (0013): a count per scope and key, started over after a quiet window. */
export interface LoginThrottleTable {
  scope: 'pair' | 'account' | 'ip' | 'device' | 'signup_ip';
  key: string;
  failures: number;
  last_failure_at: Timestamp;
}

/** Browsers that logged in to an account (0013): the device cookie's token, hashed. */
export interface LoginDevicesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

/** When a person was last told of failed logins on their address (0013). */
export interface LoginNoticesTable {
  email: string;
  notified_at: Timestamp;
}

/** Password-reset and login-link requests (0013): counted per address and IP, and queued. */
export interface AuthMailRequestsTable {
  id: Generated<number>;
  kind: 'password_reset' | 'login_link';
  email: string;
  sends: boolean;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}

export interface WorkspaceFavoritesTable {
  client_id: number;
  user_id: number;
  workspace_id: number;
  created_at: Timestamp;
}

export type QrEntityType = 'workspace' | 'equipment' | 'equipment_group' | 'asset';

export interface QrScanLogsTable {
  id: Generated<number>;
  client_id: number;
  entity_type: QrEntityType;
  entity_id: number;
  user_id: number | null;
  latitude: number | null;
  longitude: number | null;
  /** The browser's accuracy of the position in metres (0027). */
  accuracy_m: number | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface PresenceLogsTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  user_id: number;
  started_at: Timestamp;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  /** A check-in, or a location shared on a manager's request (0023) with where the person was. */
  source: Generated<'check_in' | 'location_request'>;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
}

/** POST user/{id}/request_location (0023): a manager asks a person to share their location. */
export interface LocationRequestsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  requested_by: number | null;
  workspace_id: number;
  message: string | null;
  status: Generated<'pending' | 'accepted' | 'declined' | 'expired'>;
  presence_log_id: number | null;
  answered_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

/** A workspace's dynamic form design (0029): one per workspace, the FormDefinition as JSON. */
export interface WorkspaceFormsTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  definition: Json<unknown>;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A filled dynamic form of an issue or a schedule (0029): its design snapshot and answers. */
interface FilledFormsColumns {
  id: Generated<number>;
  client_id: number;
  definition: Json<unknown>;
  answers: Json<unknown>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface IssueFormsTable extends FilledFormsColumns {
  issue_id: number;
}
export interface ScheduleFormsTable extends FilledFormsColumns {
  schedule_id: number;
}

/** A photo uploaded for a photo answer (0029), usable by its uploader; linked once an answer names it. */
export interface FormUploadsTable {
  id: Generated<number>;
  client_id: number;
  uploaded_by: number | null;
  file_key: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  linked_at: NullableTimestamp;
  created_at: Timestamp;
}

/** The lease of a rented workspace (0023), one per workspace. */
export interface WorkspaceLeasesTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  landlord_name: string;
  landlord_contact: string | null;
  /** DATE columns: read them with to_char(col, 'YYYY-MM-DD') (see DateText). */
  start_date: DateText;
  end_date: NullableDateText;
  /** numeric, read as text ('1250.00'). */
  rent_amount: ColumnType<string | null, string | number | null, string | number | null>;
  rent_currency: string | null;
  rent_period: 'month' | 'quarter' | 'year' | null;
  notice_period_months: Generated<number>;
  reminder_days_before: Generated<number>;
  notes: string | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Throttle counters (0014): hits of one bucket and key since window_start. */
export interface RateLimitsTable {
  bucket: string;
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** An invitation of a person with an account elsewhere, joined through a mailed link (0014). */
export interface MembershipInvitesTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  role: 'admin' | 'user';
  workspace_ids: Json<number[]>;
  workspace_role: 'manager' | 'group_manager' | 'member';
  invited_by: number | null;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface UserClientsTable {
  user_id: number;
  client_id: number;
  role: 'admin' | 'user';
  created_at: Timestamp;
}

export interface CollaborationsTable {
  id: Generated<number>;
  /** The inviting organisation, owner of the shared workspaces. */
  client_id: number;
  /** The invited company; null until an invitee without a company accepts. */
  partner_client_id: number | null;
  /** What the partner is to the owner. */
  type: 'client' | 'provider';
  access_type: 'full' | 'limited';
  invitation_status: Generated<'pending' | 'accepted' | 'declined'>;
  invited_email: string;
  company_alias: string | null;
  invited_by: number | null;
  invitee_user_id: number | null;
  logo: string | null;
  responded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface CollaborationTokensTable {
  id: Generated<number>;
  client_id: number;
  collaboration_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CollaborationWorkspacesTable {
  client_id: number;
  collaboration_id: number;
  workspace_id: number;
  created_at: Timestamp;
}

export type CollaborationRole = 'collab_admin' | 'collab_manager' | 'member';

export interface CollaborationUsersTable {
  client_id: number;
  collaboration_id: number;
  workspace_id: number;
  user_id: number;
  role: CollaborationRole;
  created_at: Timestamp;
}

export interface IssuesTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  parent_id: number | null;
  title: string;
  description: string | null;
  status_id: Generated<number>;
  priority_id: Generated<number>;
  category_id: number | null;
  assignee_id: number | null;
  last_assignee_id: number | null;
  created_by: number | null;
  accessibility_id: Generated<number>;
  external_email_address: string | null;
  start_date: NullableTimestamp;
  due_date: NullableTimestamp;
  schedule_id: number | null;
  asset_id: number | null;
  asset_group_id: number | null;
  equipment_ids: Generated<number[]>;
  is_attachment_required: Generated<boolean>;
  is_worktime_required: Generated<boolean>;
  /** Seconds of logged work time, kept equal to the sum of worktime_logs. */
  worktime_total: Generated<number>;
  process_number: string | null;
  rating: number | null;
  translations: Json<unknown>;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** to_tsvector('simple', title || ' ' || description), computed by the database (migration 0011). */
  search_vector: GeneratedAlways<string>;
  /** When the presence of a schedule issue's assignee is to be checked (0017); null: not (or done). */
  presence_check_at: NullableTimestamp;
  /** The location picker's place (0028), kept only when the organisation's include_issue_address is on. */
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_is_coordinates: Generated<boolean>;
  /** The workspace's path (0033), kept by a trigger: a subtree is one index range. */
  workspace_path: Generated<number[]>;
}

export interface IssueCategoriesTable {
  client_id: number;
  issue_id: number;
  category_id: number;
}

export interface IssueWatchersTable {
  client_id: number;
  issue_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface IssueLinksTable {
  id: Generated<number>;
  client_id: number;
  issue_id: number;
  url: string;
  title: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface IssueCommentsTable {
  id: Generated<number>;
  client_id: number;
  issue_id: number;
  user_id: number | null;
  comment: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Shown to the issue's public reporter on the follow page (0021). */
  is_public: Generated<boolean>;
  /** Written by the public reporter through the follow link (user_id is then null; 0021). */
  by_reporter: Generated<boolean>;
}

/** Who reported publicly: one record per organisation and e-mail address (0021). */
export interface PublicReportersTable {
  id: Generated<number>;
  client_id: number;
  email: string;
  full_name: string | null;
  phone: string | null;
  language: Generated<string>;
  created_at: Timestamp;
  last_reported_at: Timestamp;
}

/**
 * The private links of an issue (0021): the reporter's follow link (kind 'reporter') and the
 * unsubscribe link of the mails to its external_email_address (kind 'watcher').
 */
export interface PublicIssueLinksTable {
  id: Generated<number>;
  client_id: number;
  issue_id: number;
  kind: 'reporter' | 'watcher';
  reporter_id: number | null;
  email: string | null;
  reporter_name: string | null;
  language: Generated<string>;
  token: string;
  subscribed: Generated<boolean>;
  form_type: Generated<'workspace' | 'asset' | 'equipment'>;
  declined_notification_sent_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The public page configurator: one checked configuration per organisation and type (0021). */
export interface PublicFormsTable {
  client_id: number;
  type: 'workspace' | 'asset' | 'equipment';
  config: Json<unknown>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface WorktimeLogsTable {
  id: Generated<number>;
  client_id: number;
  issue_id: number;
  user_id: number | null;
  seconds: number;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  note: string | null;
  created_at: Timestamp;
}

export interface IssueTimersTable {
  client_id: number;
  issue_id: number;
  user_id: number;
  started_at: Timestamp;
}

export interface AttachmentsTable {
  id: Generated<number>;
  client_id: number;
  /** 'issue' now; 'comment', 'checklist_item', 'equipment', 'asset', ... later. */
  owner_type: string;
  owner_id: number;
  user_id: number | null;
  file_key: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  description: string | null;
  priority_id: number | null;
  due_date: NullableTimestamp;
  sort_index: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** 'picture' (jpeg, png, gif) or 'document' (0006). */
  media_type: ColumnType<string, string | undefined, string>;
  /** 200 and 1024 px wide thumbnails of pictures (0006). */
  thumbnail_key: ColumnType<string | null, string | null | undefined, string | null>;
  thumbnail_1024_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AttachmentCommentsTable {
  id: Generated<number>;
  client_id: number;
  attachment_id: number;
  user_id: number | null;
  comment: string;
  created_at: Timestamp;
}

export interface SavedFiltersTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  filter_type: string;
  name: string;
  description: string | null;
  query_string: ColumnType<string, string | undefined, string>;
  is_favorite: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Issues per organisation (workspace_id 0) and workspace, kind, status and archived flag,
 * kept by a trigger (migration 0010): the list's state tab counts.
 */
export interface IssueStateCountsTable {
  client_id: number;
  workspace_id: number;
  top_level: boolean;
  status_id: number;
  archived: boolean;
  count: number;
}

/** One row: bumped by every change to who sees which workspaces (migration 0010). */
export interface AccessVersionTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  version: ColumnType<string, string | number, string | number>;
}

/** Checklists on issues (migration 0007); `position` is the API's `index`. */
export interface ChecklistsTable {
  id: Generated<number>;
  client_id: number;
  issue_id: number;
  title: string;
  position: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChecklistItemsTable {
  id: Generated<number>;
  client_id: number;
  checklist_id: number;
  title: string;
  description: string | null;
  status_id: number;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChecklistTemplatesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  category_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChecklistTemplateItemsTable {
  id: Generated<number>;
  client_id: number;
  template_id: number;
  title: string;
  description: string | null;
  position: number;
}

/** Secrets shared by every server of the installation (file URL signing key, ...). */
/** An organisation's Odoo connection (issue 22): the API key encrypted (AES-256-GCM). */
export interface OdooConnectionsTable {
  id: Generated<number>;
  client_id: number;
  url: string;
  database: string;
  username: string;
  api_key_encrypted: string;
  model: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The Odoo record an issue was pushed to, and how its last sync went. */
export interface OdooIssueLinksTable {
  issue_id: number;
  client_id: number;
  remote_model: string;
  remote_id: number | null;
  last_synced_at: NullableTimestamp;
  last_error: string | null;
  updated_at: Timestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface AssetSystemsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: string | null;
  status: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface AssetGroupsTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  name: string;
  description: string | null;
  status: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface AssetGroupManagersTable {
  client_id: number;
  group_id: number;
  user_id: number;
}

export interface AssetsTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  group_id: number | null;
  system_id: number | null;
  name: string;
  status: Generated<number>;
  manufacturer: string | null;
  model: string | null;
  serial_number: string | null;
  reference_number: string | null;
  description: string | null;
  location_required: Generated<boolean>;
  auth_maintenance_required: Generated<boolean>;
  auth_inspection_required: Generated<boolean>;
  public_code: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface AssetManagersTable {
  client_id: number;
  asset_id: number;
  user_id: number;
}

export interface RegulatoryFilesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  kind: string;
  file_key: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  /** date columns: read as YYYY-MM-DD strings (db/connection.ts type parsers) or Date; write YYYY-MM-DD. */
  issued_on: ColumnType<string | Date | null, string | null, string | null>;
  valid_until: ColumnType<string | Date | null, string | null, string | null>;
  uploaded_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RegulatoryFileAssetsTable {
  client_id: number;
  file_id: number;
  asset_id: number;
}

export interface CollaborationAssetSystemsTable {
  client_id: number;
  collaboration_id: number;
  system_id: number;
  created_at: Timestamp;
}

/** DATE columns, written as 'YYYY-MM-DD'; pg reads them as Date and PGlite as text, so reads
 * select them with to_char(col, 'YYYY-MM-DD'). */
type DateText = ColumnType<string | Date, string, string>;
type NullableDateText = ColumnType<string | Date | null, string | null | undefined, string | null>;

export interface SchedulesTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  title: string;
  description: string | null;
  priority_id: Generated<number>;
  category_id: number | null;
  assignee_id: number | null;
  /** null = not decided (PENDING), 5 accepted, 4 declined. */
  assignee_status: number | null;
  assignee_note: string | null;
  assignee_decided_at: NullableTimestamp;
  start_date: DateText;
  repeat_unit: 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';
  repeat_value: number;
  exclude_weekends: Generated<boolean>;
  repeat_on: Generated<number[]>;
  repeat_week_of_month: number | null;
  end_type: Generated<'NEVER' | 'AFTER' | 'ON'>;
  end_after: number | null;
  end_on: NullableDateText;
  work_hours_start: string;
  work_hours_end: string;
  time_slots: Json<{ start: string; end: string }[]>;
  time_limits: Json<{ completion: { value: number; unit: 'minutes' | 'hours' | 'days' } | null }>;
  seasonal_break_type: Generated<'NO' | 'YES'>;
  seasonal_break_start: NullableDateText;
  seasonal_break_end: NullableDateText;
  seasonal_break_yearly: Generated<boolean>;
  reschedule_mode: Generated<
    'on_start_date' | 'before_next_start_date' | 'after_marked_as_done' | 'after_completion'
  >;
  assets_mode: Generated<'FOR_EACH_ASSET' | 'ONE_FOR_ALL_ASSETS'>;
  presence_alarm_enabled: Generated<boolean>;
  presence_alarm: Json<unknown>;
  is_attachment_required: Generated<boolean>;
  is_worktime_required: Generated<boolean>;
  created_count: Generated<number>;
  next_issue_scheduled_at: NullableTimestamp;
  materialize_at: NullableTimestamp;
  plan_version: Generated<number>;
  paused_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface SchedulePeopleTable {
  client_id: number;
  schedule_id: number;
  user_id: number;
  role: 'watcher' | 'replacement';
}

export interface ScheduleCategoriesTable {
  client_id: number;
  schedule_id: number;
  category_id: number;
}

export interface ScheduleAssetsTable {
  client_id: number;
  schedule_id: number;
  asset_id: number;
}

export interface ScheduleChecklistTemplatesTable {
  client_id: number;
  schedule_id: number;
  template_id: number;
  position: Generated<number>;
}

export interface ScheduleLinksTable {
  id: Generated<number>;
  client_id: number;
  schedule_id: number;
  url: string;
  title: string | null;
  position: Generated<number>;
}

/** An occurrence turned into an issue; asset_id 0 for ONE FOR ALL ASSETS or no assets. */
export interface ScheduleOccurrencesTable {
  client_id: number;
  schedule_id: number;
  starts_at: Timestamp;
  asset_id: Generated<number>;
  issue_id: number | null;
  created_at: Timestamp;
}

export interface ScheduleBudgetsTable {
  client_id: number;
  schedule_id: number;
  year: number;
  /** numeric columns read as strings. */
  planned_amount: ColumnType<string | null, number | string | null, number | string | null>;
  planned_hours: ColumnType<string | null, number | string | null, number | string | null>;
  currency: Generated<string>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export type PresenceAlarmRule =
  | 'earlier_than_start'
  | 'later_than_start'
  | 'earlier_than_end'
  | 'later_than_end';

export interface SchedulePresenceAlarmsTable {
  id: Generated<number>;
  client_id: number;
  schedule_id: number;
  issue_id: number;
  user_id: number | null;
  rule: PresenceAlarmRule;
  expected_at: Timestamp;
  seen_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A person's private calendar feed in one organisation (0018): only the secret's SHA-256 is kept. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

// Equipment (migration 0020).
type DateColumn = ColumnType<string | Date, string, string>;
export type EquipmentStorage = 'NONE' | 'WORKSPACE' | 'CUSTOM';
export type EquipmentPeriodUnit = 'DAYS' | 'WEEKS' | 'MONTHS';

export interface EquipmentTypesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: string | null;
  status: Generated<'active' | 'archived'>;
  storage: Generated<EquipmentStorage>;
  workspace_id: number | null;
  location: string | null;
  handout_requires_approval: Generated<boolean>;
  set_default_return_period: Generated<boolean>;
  default_return_period_value: Generated<number>;
  default_return_period_type: Generated<EquipmentPeriodUnit>;
  set_max_reservation_duration: Generated<boolean>;
  max_reservation_duration_value: Generated<number>;
  max_reservation_duration_type: Generated<EquipmentPeriodUnit>;
  set_buffer_days_reservations: Generated<boolean>;
  buffer_days_reservations_value: Generated<number>;
  buffer_days_reservations_type: Generated<'BEFORE' | 'AFTER'>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface EquipmentGroupsTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number | null;
  bind_group_to_workspace: Generated<boolean>;
  name: string;
  description: string | null;
  status: Generated<'active' | 'archived'>;
  public_code: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface EquipmentGroupManagersTable {
  client_id: number;
  group_id: number;
  user_id: number;
}

export interface ExternalHoldersTable {
  id: Generated<number>;
  client_id: number;
  full_name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  language: string | null;
  status: Generated<'active' | 'archived'>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface EquipmentTable {
  id: Generated<number>;
  client_id: number;
  workspace_id: number;
  type_id: number;
  group_id: number | null;
  title: string;
  description: string | null;
  status: Generated<'issued' | 'stored' | 'archived' | 'in_transition'>;
  storage: Generated<EquipmentStorage>;
  storage_workspace_id: number | null;
  location: string | null;
  serial_number: string | null;
  reference_number: string | null;
  handout_requires_approval: Generated<boolean>;
  /** jsonb: [{ title, url }]. */
  links: ColumnType<Array<{ title: string; url: string }>, string | undefined, string>;
  public_code: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** The location picker's place (0028); `location` above is the older free-text storage place. */
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_is_coordinates: Generated<boolean>;
}

export interface EquipmentManagersTable {
  client_id: number;
  equipment_id: number;
  user_id: number;
}

export type EquipmentBookingKind = 'handout' | 'reservation';
export type EquipmentBookingState = 'pending' | 'active' | 'returned' | 'declined' | 'cancelled';

export interface EquipmentBookingsTable {
  id: Generated<number>;
  client_id: number;
  equipment_id: number;
  group_id: number | null;
  batch_id: number | null;
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  holder_user_id: number | null;
  holder_external_id: number | null;
  note: string | null;
  /** date columns: read as YYYY-MM-DD strings (db/connection.ts type parsers); write YYYY-MM-DD. */
  starts_on: DateColumn;
  ends_on: DateColumn;
  buffer_before: Generated<number>;
  buffer_after: Generated<number>;
  /** Generated: daterange(starts_on - buffer_before, ends_on + buffer_after, '[]'). */
  blocked: ColumnType<string, never, never>;
  extend_token_hash: string | null;
  requested_by: number | null;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  returned_by: number | null;
  returned_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EquipmentFoundReportsTable {
  id: Generated<number>;
  client_id: number;
  equipment_id: number | null;
  group_id: number | null;
  finder_name: string | null;
  finder_contact: string | null;
  message: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: Timestamp;
}

export interface ScheduleEquipmentTable {
  client_id: number;
  schedule_id: number;
  equipment_id: number;
}

/** One notification per recipient and event (0022). */
export interface NotificationsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  event_type: string;
  entity_type: string;
  entity_id: number;
  actor_id: number | null;
  data: Json<unknown>;
  dedupe_key: string | null;
  channel: 'in_app' | 'email' | 'digest';
  email_state: Generated<'waiting' | 'sent' | 'skipped'>;
  mail_id: number | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface NotificationPreferencesTable {
  user_id: number;
  client_id: number;
  event_type: string;
  channel: 'in_app' | 'email' | 'digest' | 'off';
  updated_at: Timestamp;
}

/** Live updates (0022): numbered, published with NOTIFY, replayed after Last-Event-ID. bigint reads as text. */
export interface LiveEventsTable {
  id: GeneratedAlways<string>;
  client_id: number;
  kind: 'change' | 'notification';
  entity_type: string;
  entity_id: number;
  action: string;
  workspace_id: number | null;
  user_ids: ColumnType<number[], number[] | undefined, number[]>;
  actor_id: number | null;
  data: Json<unknown>;
  created_at: Timestamp;
}

/** Work done once per key across servers (0022). */
export interface JobRunsTable {
  job: string;
  run_key: string;
  started_at: Timestamp;
}

/** Idempotency-Key answers (0032): per person and key, kept a day. */
export interface IdempotencyKeysTable {
  user_id: number;
  client_id: number;
  key: string;
  fingerprint: string;
  state: 'running' | 'done';
  status_code: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  live_events: LiveEventsTable;
  job_runs: JobRunsTable;
  equipment_types: EquipmentTypesTable;
  equipment_groups: EquipmentGroupsTable;
  equipment_group_managers: EquipmentGroupManagersTable;
  external_holders: ExternalHoldersTable;
  equipment: EquipmentTable;
  equipment_managers: EquipmentManagersTable;
  equipment_bookings: EquipmentBookingsTable;
  equipment_found_reports: EquipmentFoundReportsTable;
  schedule_equipment: ScheduleEquipmentTable;
  calendar_feeds: CalendarFeedsTable;
  schedules: SchedulesTable;
  schedule_people: SchedulePeopleTable;
  schedule_categories: ScheduleCategoriesTable;
  schedule_assets: ScheduleAssetsTable;
  schedule_checklist_templates: ScheduleChecklistTemplatesTable;
  schedule_links: ScheduleLinksTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  schedule_budgets: ScheduleBudgetsTable;
  schedule_presence_alarms: SchedulePresenceAlarmsTable;
  asset_systems: AssetSystemsTable;
  asset_groups: AssetGroupsTable;
  asset_group_managers: AssetGroupManagersTable;
  assets: AssetsTable;
  asset_managers: AssetManagersTable;
  regulatory_files: RegulatoryFilesTable;
  regulatory_file_assets: RegulatoryFileAssetsTable;
  collaboration_asset_systems: CollaborationAssetSystemsTable;
  rate_limits: RateLimitsTable;
  membership_invites: MembershipInvitesTable;
  clients: ClientsTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
  workspaces: WorkspacesTable;
  workspace_users: WorkspaceUsersTable;
  categories: CategoriesTable;
  text_templates: TextTemplatesTable;
  job_positions: JobPositionsTable;
  activity_log: ActivityLogTable;
  mail_outbox: MailOutboxTable;
  login_throttle: LoginThrottleTable;
  login_devices: LoginDevicesTable;
  login_notices: LoginNoticesTable;
  auth_mail_requests: AuthMailRequestsTable;
  workspace_favorites: WorkspaceFavoritesTable;
  qr_scan_logs: QrScanLogsTable;
  presence_logs: PresenceLogsTable;
  location_requests: LocationRequestsTable;
  workspace_forms: WorkspaceFormsTable;
  issue_forms: IssueFormsTable;
  schedule_forms: ScheduleFormsTable;
  form_uploads: FormUploadsTable;
  workspace_leases: WorkspaceLeasesTable;
  user_clients: UserClientsTable;
  collaborations: CollaborationsTable;
  collaboration_tokens: CollaborationTokensTable;
  collaboration_workspaces: CollaborationWorkspacesTable;
  collaboration_users: CollaborationUsersTable;
  issues: IssuesTable;
  issue_categories: IssueCategoriesTable;
  issue_watchers: IssueWatchersTable;
  issue_links: IssueLinksTable;
  issue_comments: IssueCommentsTable;
  public_reporters: PublicReportersTable;
  public_issue_links: PublicIssueLinksTable;
  public_forms: PublicFormsTable;
  worktime_logs: WorktimeLogsTable;
  issue_timers: IssueTimersTable;
  attachments: AttachmentsTable;
  attachment_comments: AttachmentCommentsTable;
  saved_filters: SavedFiltersTable;
  issue_state_counts: IssueStateCountsTable;
  access_version: AccessVersionTable;
  checklists: ChecklistsTable;
  checklist_items: ChecklistItemsTable;
  checklist_templates: ChecklistTemplatesTable;
  checklist_template_items: ChecklistTemplateItemsTable;
  server_secrets: ServerSecretsTable;
  odoo_connections: OdooConnectionsTable;
  odoo_issue_links: OdooIssueLinksTable;
}
