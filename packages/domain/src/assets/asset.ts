import type { AccessRole } from '../permissions/access.js';

/**
 * Assets (001 §2 "Assets", §3 "Asset", §6, §9): the boilers, lifts, fire doors and air handlers
 * of an organisation's sites, in groups and systems, with the regulatory files the law asks for.
 * The rules here are the only copy: the server enforces them, the web shows what they allow.
 */

/** Asset statuses (001 §3), also the "common status" of groups and systems. */
export const ASSET_STATUS = {
  ACTIVE: 1,
  ACTIVE_IN_MAINTENANCE: 2,
  NOT_WORKING_IN_MAINTENANCE: 3,
  INACTIVE: 4,
  ARCHIVED: 5,
} as const;
export type AssetStatusId = (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];
export const ASSET_STATUS_IDS = [1, 2, 3, 4, 5] as const satisfies readonly AssetStatusId[];
/** The statuses a list shows when its status filter is empty: everything but archived. */
export const ASSET_LIVE_STATUS_IDS = [1, 2, 3, 4] as const satisfies readonly AssetStatusId[];

/** Message keys of the statuses (the web's texts). */
export const ASSET_STATUS_KEYS: Record<AssetStatusId, string> = {
  1: 'asset_status_active',
  2: 'asset_status_active_in_maintenance',
  3: 'asset_status_not_working_in_maintenance',
  4: 'asset_status_inactive',
  5: 'asset_status_archived',
};

export function isAssetStatusId(value: unknown): value is AssetStatusId {
  return typeof value === 'number' && (ASSET_STATUS_IDS as readonly number[]).includes(value);
}

export const ASSET_NAME_MAX = 255;
export const ASSET_TEXT_MAX = 255;
export const ASSET_DESCRIPTION_MAX = 5000;
/** Most managers one asset or group has. */
export const ASSET_MANAGERS_MAX = 50;
/** Most ids in one multi action or group add/remove, and the schedule selection cap (001 §9). */
export const ASSET_BULK_MAX = 200;
/** Pictures per asset. */
export const ASSET_PICTURES_MAX = 20;

/**
 * Who may edit an asset (001 §6): an admin, one of the asset's managers, a manager (or group
 * manager) of its workspace, or a manager of its asset group; nobody while it is archived.
 * Everyone else who sees it (members, partners) reads it.
 */
export function canEditAsset(input: {
  userId: number;
  isAdmin: boolean;
  /** The caller's role on the asset's workspace, or null (not visible / no role). */
  workspaceRole: AccessRole | null;
  status: number;
  managerIds: readonly number[];
  groupManagerIds: readonly number[];
}): boolean {
  if (input.status === ASSET_STATUS.ARCHIVED) return false;
  return canManageAsset(input);
}

/**
 * Who may change an asset whatever its state: archive it, bring it back, delete it. The same
 * people as canEditAsset; an archived asset is read only until one of them unarchives it.
 */
export function canManageAsset(input: {
  userId: number;
  isAdmin: boolean;
  workspaceRole: AccessRole | null;
  managerIds: readonly number[];
  groupManagerIds: readonly number[];
}): boolean {
  if (input.isAdmin) return true;
  if (input.workspaceRole === 'manager' || input.workspaceRole === 'group_manager') return true;
  return input.managerIds.includes(input.userId) || input.groupManagerIds.includes(input.userId);
}

/**
 * Who may add an asset to a workspace: an admin of its organisation, or a manager or group
 * manager of the workspace (partners never: they reach it as collab_*).
 */
export function canCreateAsset(input: { isAdmin: boolean; workspaceRole: AccessRole | null }): boolean {
  return canManageAsset({ ...input, userId: 0, managerIds: [], groupManagerIds: [] });
}

/**
 * Who may edit a group (its name, managers, its assets): admins, the group's managers, and
 * managers of its workspace. Systems are organisation-wide set-up: admins only.
 */
export function canEditAssetGroup(input: {
  userId: number;
  isAdmin: boolean;
  workspaceRole: AccessRole | null;
  managerIds: readonly number[];
}): boolean {
  if (input.isAdmin) return true;
  if (input.workspaceRole === 'manager' || input.workspaceRole === 'group_manager') return true;
  return input.managerIds.includes(input.userId);
}

/** Who may add, change and delete an asset system: the admins of the organisation that owns it. */
export function canEditAssetSystem(
  user: { role: 'admin' | 'user'; clientId: number },
  system: { client_id: number },
): boolean {
  return user.role === 'admin' && user.clientId === system.client_id;
}

// ---------------------------------------------------------------------------------------------
// Regulatory files
// ---------------------------------------------------------------------------------------------

/** What a regulatory file is. */
export const REGULATORY_FILE_KINDS = [
  'inspection_certificate',
  'maintenance_contract',
  'permit',
  'test_report',
  'manual',
  'other',
] as const;
export type RegulatoryFileKind = (typeof REGULATORY_FILE_KINDS)[number];

/**
 * The files a regulatory upload accepts, by extension (checked by content on the server): PDF,
 * pictures and office documents, as the issue upload serves them.
 */
export const REGULATORY_FILE_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;
export type RegulatoryFileExtension = (typeof REGULATORY_FILE_EXTENSIONS)[number];
/** One regulatory file at most (a scanned certificate of many pages fits). */
export const REGULATORY_FILE_MAX_BYTES = 10_000_000;

/** A file valid for fewer days than this is "expiring". */
export const REGULATORY_EXPIRY_WARNING_DAYS = 30;
export const REGULATORY_NAME_MAX = 255;

/**
 * The state of a regulatory file on a day (YYYY-MM-DD, the organisation's today): expired after
 * its valid-until day, expiring within REGULATORY_EXPIRY_WARNING_DAYS, else valid (also without
 * a valid-until date).
 */
export type RegulatoryState = 'expired' | 'expiring' | 'valid';
export function regulatoryFileState(validUntil: string | null, today: string): RegulatoryState {
  if (!validUntil) return 'valid';
  if (validUntil < today) return 'expired';
  return validUntil <= addDays(today, REGULATORY_EXPIRY_WARNING_DAYS) ? 'expiring' : 'valid';
}

/**
 * The legal-requirements state of an asset (the list's filter and the card's flag): its worst
 * file, or 'missing' when it has none.
 */
export const LEGAL_REQUIREMENT_STATES = ['expired', 'expiring', 'valid', 'missing'] as const;
export type LegalRequirementState = (typeof LEGAL_REQUIREMENT_STATES)[number];
export function assetLegalState(
  validUntils: ReadonlyArray<string | null>,
  today: string,
): LegalRequirementState {
  if (!validUntils.length) return 'missing';
  const states = validUntils.map((v) => regulatoryFileState(v, today));
  if (states.includes('expired')) return 'expired';
  if (states.includes('expiring')) return 'expiring';
  return 'valid';
}

/** YYYY-MM-DD plus whole days (UTC calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The public report page of an asset, as its QR code carries it (its public code, never its id). */
export function assetReportPath(publicCode: string): string {
  return `/public/asset/report?asset_id=${encodeURIComponent(publicCode)}`;
}

/** What an asset's QR code opens: the app's address plus its report page. */
export function assetQrTarget(appUrl: string, publicCode: string): string {
  return `${appUrl.replace(/\/+$/, '')}${assetReportPath(publicCode)}`;
}
