import {
  type CreateIssueRequest,
  DEFAULT_ACCESSIBILITY_ID,
  DEFAULT_PRIORITY_ID,
  type IssueFormValues as DomainFormValues,
  type Issue,
  type UpdateIssueRequest,
  type WorkspaceFlatItem,
} from '@workbench/domain';
import type { AssetSelection } from '../assets/components/asset-picker-rules';

/** Where the issue screens live (000 §2). */
export const issuePaths = {
  detail: (id: number, subtaskId?: number | null) =>
    subtaskId ? `/dashboard/issues/detail/${id}/${subtaskId}` : `/dashboard/issues/detail/${id}`,
  edit: (id: number) => `/dashboard/issues/edit/${id}`,
  add: (options: { parentId?: number | null; workspaceId?: number | null; assetId?: number | null } = {}) => {
    const query = new URLSearchParams();
    if (options.parentId) query.set('parent_id', String(options.parentId));
    if (options.workspaceId) query.set('workspace_id', String(options.workspaceId));
    if (options.assetId) query.set('asset_id', String(options.assetId));
    const text = query.toString();
    return text ? `/dashboard/issues/add?${text}` : '/dashboard/issues/add';
  },
  workspace: (id: number) => `/dashboard/workspaces/detail/${id}`,
};

/** A positive whole number from a route or query parameter, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// ---------------------------------------------------------------------------------------------
// Dates: the pickers speak local 'YYYY-MM-DD HH:mm:ss' strings, the API ISO timestamps and seconds.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as the local 'YYYY-MM-DD HH:mm:ss' the Mantine date pickers use. */
export function isoToPicker(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The picker's local 'YYYY-MM-DD HH:mm(:ss)' (or a Date) as an ISO timestamp. */
export function pickerToIso(value: string | Date | null): string | null {
  if (value === null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Seconds since the epoch, as PUT issue sends start_date and due_date (000 §7). */
export function isoToEpochSeconds(iso: string | null): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

/** A date and time for reading, in the reader's language. */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Start of today in local time: non-admins cannot pick dates before it. */
export function startOfToday(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

// ---------------------------------------------------------------------------------------------
// Work time

/** Seconds as hours and minutes: 3900 → { hours: 1, minutes: 5 }. */
export function splitSeconds(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Hours and minutes as seconds; anything not a whole non-negative number counts as 0. */
export function toSeconds(hours: number | string, minutes: number | string): number {
  const h = Number(hours);
  const m = Number(minutes);
  const safe = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  return safe(h) * 3600 + safe(m) * 60;
}

/** 3900 → '1h 05m', 300 → '0h 05m'; under a minute in seconds: 59 → '59s', 0 → '0h 00m'. */
export function formatDuration(seconds: number): string {
  if (seconds > 0 && seconds < 60) return `${Math.floor(seconds)}s`;
  const { hours, minutes } = splitSeconds(seconds);
  return `${hours}h ${pad(minutes)}m`;
}

/** A running timer: 3723 → '1:02:03'. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The running time of a timer in seconds (never negative). */
export function elapsedSeconds(startedAt: string | null, now: Date): number {
  if (!startedAt) return 0;
  const start = Date.parse(startedAt);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now.getTime() - start) / 1000));
}

// ---------------------------------------------------------------------------------------------
// The issue form

export type IssueFormState = {
  title: string;
  description: string;
  workspace_id: number | null;
  parent_id: number | null;
  assignee_id: number | null;
  priority_id: number;
  category_id: number | null;
  categories: number[];
  /** ISO timestamps. */
  start_date: string | null;
  due_date: string | null;
  is_attachment_required: boolean;
  is_worktime_required: boolean;
  process_number: string;
  external_email_address: string;
  archived: boolean;
  /** The equipment the issue needs (000 §3 equipment_ids), with the names the issue answered. */
  equipment_ids: number[];
  equipments: Array<{ id: number; title: string }>;
} & AssetSelection;

/** A new issue (000 §3 "Issue form defaults": priority 3, other fields empty). */
export function emptyIssueForm(
  preset: {
    workspaceId?: number | null;
    parentId?: number | null;
    /** An asset the issue is for (from its asset page): chosen, in its workspace. */
    asset?: { id: number; name: string; workspace_id: number } | null;
  } = {},
): IssueFormState {
  return {
    title: '',
    description: '',
    workspace_id: preset.workspaceId ?? null,
    parent_id: preset.parentId ?? null,
    assignee_id: null,
    priority_id: DEFAULT_PRIORITY_ID,
    category_id: null,
    categories: [],
    start_date: null,
    due_date: null,
    is_attachment_required: false,
    is_worktime_required: false,
    process_number: '',
    external_email_address: '',
    archived: false,
    asset_id: preset.asset?.id ?? null,
    asset: preset.asset ?? null,
    asset_group_id: null,
    asset_group: null,
    equipment_ids: [],
    equipments: [],
  };
}

/** The form filled from a saved issue (editing). */
export function issueFormOf(issue: Issue): IssueFormState {
  return {
    title: issue.title,
    description: issue.description ?? '',
    workspace_id: issue.workspace_id,
    parent_id: issue.parent_id,
    assignee_id: issue.assignee_id,
    priority_id: issue.priority_id,
    category_id: issue.category_id,
    categories: issue.categories.map((c) => c.id).filter((id) => id !== issue.category_id),
    start_date: issue.start_date,
    due_date: issue.due_date,
    is_attachment_required: issue.is_attachment_required,
    is_worktime_required: issue.is_worktime_required,
    process_number: issue.process_number ?? '',
    external_email_address: issue.external_email_address ?? '',
    archived: issue.archived,
    asset_id: issue.asset_id,
    asset: issue.asset,
    asset_group_id: issue.asset_group_id,
    asset_group: issue.asset_group,
    equipment_ids: issue.equipment_ids ?? [],
    equipments: issue.equipments ?? [],
  };
}

/** What the domain's validateIssueForm reads. */
export function domainFormValues(form: IssueFormState): DomainFormValues {
  return {
    workspace_id: form.workspace_id,
    title: form.title,
    description: form.description,
    assignee_id: form.assignee_id,
    asset_id: form.asset_id,
    start_date: form.start_date,
    due_date: form.due_date,
    process_number: form.process_number,
    archived: form.archived,
  };
}

const textOrNull = (value: string) => (value.trim() ? value.trim() : null);

/** POST issue: a new issue (dates in seconds, 000 §7; defaults of 000 §3). */
export function createRequestOf(form: IssueFormState, includeProcessNumber: boolean): CreateIssueRequest {
  return {
    title: form.title.trim(),
    description: textOrNull(form.description),
    workspace_id: form.workspace_id,
    parent_id: form.parent_id,
    assignee_id: form.assignee_id,
    priority_id: form.priority_id,
    accessibility_id: DEFAULT_ACCESSIBILITY_ID,
    category_id: form.category_id,
    categories: form.categories,
    asset_id: form.asset_id,
    asset_group_id: form.asset_group_id,
    start_date: isoToEpochSeconds(form.start_date),
    due_date: isoToEpochSeconds(form.due_date),
    is_attachment_required: form.is_attachment_required,
    is_worktime_required: form.is_worktime_required,
    external_email_address: textOrNull(form.external_email_address),
    ...(form.equipment_ids.length ? { equipment_ids: form.equipment_ids } : {}),
    ...(includeProcessNumber ? { process_number: textOrNull(form.process_number) } : {}),
  };
}

/** PUT issue/{id}: the form's fields; the description only when the viewer may edit it. */
export function updateRequestOf(
  form: IssueFormState,
  options: { includeProcessNumber: boolean; canEditDescription: boolean },
): UpdateIssueRequest {
  const body: UpdateIssueRequest = {
    title: form.title.trim(),
    assignee_id: form.assignee_id,
    priority_id: form.priority_id,
    category_id: form.category_id,
    categories: form.categories,
    asset_id: form.asset_id,
    asset_group_id: form.asset_group_id,
    start_date: isoToEpochSeconds(form.start_date),
    due_date: isoToEpochSeconds(form.due_date),
    is_attachment_required: form.is_attachment_required,
    is_worktime_required: form.is_worktime_required,
    external_email_address: textOrNull(form.external_email_address),
    equipment_ids: form.equipment_ids,
  };
  if (form.workspace_id !== null) body.workspace_id = form.workspace_id;
  if (options.canEditDescription) body.description = textOrNull(form.description);
  if (options.includeProcessNumber) body.process_number = textOrNull(form.process_number);
  return body;
}

/** Only the fields that differ from the saved issue (PUT leaves absent fields unchanged). */
export function changedFields(body: UpdateIssueRequest, saved: UpdateIssueRequest): UpdateIssueRequest {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (JSON.stringify(value) !== JSON.stringify((saved as Record<string, unknown>)[key])) out[key] = value;
  }
  return out as UpdateIssueRequest;
}

/** Workspace choices in tree order (archived ones left out unless already chosen), with their depth for indenting. */
export function workspaceOptions(flat: WorkspaceFlatItem[], current: number | null) {
  return flat
    .filter((w) => !w.archived || w.id === current)
    .map((w) => ({ value: String(w.id), label: w.name, depth: w.depth }));
}

/** Keeps the chosen assignee only when they can work in the (new) workspace. */
export function keepAssignee(assigneeId: number | null, available: readonly number[]): number | null {
  return assigneeId !== null && available.includes(assigneeId) ? assigneeId : null;
}

/** Status badge colours by status id. */
export function statusColor(statusId: number): string {
  switch (statusId) {
    case 4:
      return 'red';
    case 5:
      return 'cyan';
    case 6:
      return 'blue';
    case 7:
      return 'violet';
    case 8:
      return 'teal';
    default:
      return 'gray';
  }
}

/** Priority badge colours (000 §9: 0 none, 2 low, 3 normal, 4 high, 5 urgent). */
export function priorityColor(priorityId: number): string {
  return priorityId >= 5 ? 'red' : priorityId === 4 ? 'orange' : priorityId === 2 ? 'gray' : 'blue';
}

/** A link typed without a scheme gets https:// (the server accepts http and https only). */
export function normalizeUrl(value: string): string {
  const text = value.trim();
  if (!text) return text;
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}
