import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, TEXT_FIELD_MAX } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import { ZLocationInputSchema, ZLocationSchema } from '../location/location-schemas.js';
import { ACCESS_ROLES } from '../permissions/access.js';
import { ZPublicFormSchema } from '../public-area/public-form-schema.js';
import type { WORKSPACE_ROLES } from '../users/user.js';

/** Workspace descriptions are long texts (000 §5: 5000 in the long text areas). */
export const WORKSPACE_DESCRIPTION_MAX = 5000;
/** Workspace images (000 §5): jpeg, png, gif, at most 10 MB, rescaled to at most 1920 px wide. */
export const WORKSPACE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const WORKSPACE_IMAGE_MAX_BYTES = 10_000_000;
export const WORKSPACE_IMAGE_MAX_WIDTH = 1920;

/** Workspace list values (000 §2, §5). */
export const WORKSPACE_SORT_FIELDS = ['created', 'updated', 'name'] as const;
export type WorkspaceSortField = (typeof WORKSPACE_SORT_FIELDS)[number];
export const WORKSPACE_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const WORKSPACE_LIST_DEFAULTS = {
  search: '',
  archived: 0,
  page: PAGE_DEFAULT,
  paginate_by: PAGE_SIZE_DEFAULT,
  sort_by: 'name',
  sort_direction: 'asc',
  include_subws: 0,
  prune_offline: 1,
  include_collabs: 0,
} as const;

const flag = (fallback: 0 | 1) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
    .transform((v) => Number(v) as 0 | 1)
    .catch(fallback)
    .default(fallback);

/**
 * GET workspace/ query (000 §2). Unsupported values fall back to the defaults (000 §2 "List
 * screens"), on the server and in the web's URL state alike, so both read one rule.
 * include_subws 0 lists the top of each visible subtree, 1 every visible workspace (a search
 * always looks through every visible workspace); prune_offline 1 leaves archived
 * sub-workspaces out of `children`; include_collabs 1 adds workspaces shared by partners.
 */
export const ZWorkspaceListQuerySchema = z.object({
  search: z.string().trim().max(TEXT_FIELD_MAX).catch('').default(''),
  archived: flag(0),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(PAGE_DEFAULT).default(PAGE_DEFAULT),
  paginate_by: z.coerce
    .number()
    .pipe(z.union(PAGE_SIZE_OPTIONS.map((n) => z.literal(n))))
    .catch(PAGE_SIZE_DEFAULT)
    .default(PAGE_SIZE_DEFAULT),
  sort_by: z.enum(WORKSPACE_SORT_FIELDS).catch('name').default('name'),
  sort_direction: z.enum(WORKSPACE_SORT_DIRECTIONS).catch('asc').default('asc'),
  include_subws: flag(0),
  prune_offline: flag(1),
  include_collabs: flag(0),
});
export type WorkspaceListQuery = z.infer<typeof ZWorkspaceListQuerySchema>;

/** Reads list parameters (a URL's query or a request's), every unsupported value at its default. */
export function readWorkspaceListQuery(params: Record<string, unknown>): WorkspaceListQuery {
  return ZWorkspaceListQuerySchema.parse(params);
}

/** Translations of a workspace's name and description, by interface language. */
const translationsOf = (max: number) =>
  z.partialRecord(z.enum(UI_LANGUAGES), z.string().trim().max(max, 'too_long'));
export const ZWorkspaceTranslationsSchema = z.object({
  name: translationsOf(TEXT_FIELD_MAX).default({}),
  description: translationsOf(WORKSPACE_DESCRIPTION_MAX).default({}),
});
export type WorkspaceTranslations = z.infer<typeof ZWorkspaceTranslationsSchema>;

/** Stored translations (jsonb) read back safely; anything unexpected reads as none. */
export function readWorkspaceTranslations(value: unknown): WorkspaceTranslations {
  const parsed = ZWorkspaceTranslationsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { name: {}, description: {} };
}

const ZPersonSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  profile_image: z.string().nullable(),
});
export type WorkspacePerson = z.infer<typeof ZPersonSchema>;

/** A collaboration sharing a workspace, with the partner's people in it by role. */
export const ZWorkspaceCollaborationSchema = z
  .object({
    id: z.number().int(),
    label: z.string(),
    logo: z.string().nullable(),
    type: z.enum(['client', 'provider']),
    access_type: z.enum(['full', 'limited']),
    collab_admins: z.array(z.number().int()),
    collab_managers: z.array(z.number().int()),
    members: z.array(z.number().int()),
  })
  .meta({ id: 'WorkspaceCollaboration' });
export type WorkspaceCollaboration = z.infer<typeof ZWorkspaceCollaborationSchema>;

export const ZWorkspacePermissionsSchema = z.object({
  can_edit: z.boolean(),
  can_manage_users: z.boolean(),
  can_archive: z.boolean(),
  can_delete: z.boolean(),
  can_read_logs: z.boolean(),
});
export type WorkspacePermissions = z.infer<typeof ZWorkspacePermissionsSchema>;

const workspaceItemShape = {
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  reference_number: z.string().nullable(),
  image: z.string().nullable(),
  is_favorite: z.boolean(),
  archived: z.boolean(),
  deleted: z.boolean(),
  managers_ids: z.array(z.number().int()),
  group_managers_ids: z.array(z.number().int()),
  admins_ids: z.array(z.number().int()),
  users_ids: z.array(z.number().int()),
  children_count: z.number().int(),
  available_translations: ZWorkspaceTranslationsSchema,
  my_role: z.enum(ACCESS_ROLES),
  permissions: ZWorkspacePermissionsSchema,
  collaborations: z.array(ZWorkspaceCollaborationSchema),
  my_collaboration: ZWorkspaceCollaborationSchema.nullable(),
  /** 001 §3 Location: null when none. */
  location: ZLocationSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A workspace as a child of another (no further children). */
export const ZWorkspaceChildSchema = z.object(workspaceItemShape).meta({ id: 'WorkspaceChild' });
/** A workspace of the list (000 §3 Workspace); children are filled on detail calls only. */
export const ZWorkspaceItemSchema = z
  .object({ ...workspaceItemShape, children: z.array(ZWorkspaceChildSchema) })
  .meta({ id: 'WorkspaceItem' });
export type WorkspaceItem = z.infer<typeof ZWorkspaceItemSchema>;

export const ZWorkspaceListResponseSchema = pagedEnvelope(ZWorkspaceItemSchema);
export type WorkspaceListResponse = z.infer<typeof ZWorkspaceListResponseSchema>;

/** GET workspace/{id}: the item with its ancestors and its people by role, with names. */
export const ZWorkspaceDetailResponseSchema = ZWorkspaceItemSchema.extend({
  breadcrumbs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  managers: z.array(ZPersonSchema),
  group_managers: z.array(ZPersonSchema),
  users: z.array(ZPersonSchema),
}).meta({ id: 'WorkspaceDetail' });
export type WorkspaceDetail = z.infer<typeof ZWorkspaceDetailResponseSchema>;

/** GET workspace_clean: the least a picker needs. */
export const ZWorkspaceCleanResponseSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() }),
);
/** GET workspace/short. */
export const ZWorkspaceShortQuerySchema = z.object({
  search: z.string().trim().max(TEXT_FIELD_MAX).catch('').default(''),
});
export const ZWorkspaceShortResponseSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), reference_number: z.string().nullable() }),
);

/** GET workspace/flat: every visible workspace in tree order, with its depth and the names above it. */
export const ZWorkspaceFlatItemSchema = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    reference_number: z.string().nullable(),
    archived: z.boolean(),
    depth: z.number().int(),
    path: z.array(z.string()),
    my_role: z.enum(ACCESS_ROLES),
    can_edit: z.boolean(),
  })
  .meta({ id: 'WorkspaceFlatItem' });
export type WorkspaceFlatItem = z.infer<typeof ZWorkspaceFlatItemSchema>;
export const ZWorkspaceFlatResponseSchema = z.array(ZWorkspaceFlatItemSchema);

const ZNameSchema = z.string('required').trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long');
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));

/** POST workspace. */
export const ZCreateWorkspaceRequestSchema = z
  .object({
    name: ZNameSchema,
    description: ZOptionalText(WORKSPACE_DESCRIPTION_MAX),
    reference_number: ZOptionalText(TEXT_FIELD_MAX),
    parent_id: z.number().int().positive().nullish(),
    translations: ZWorkspaceTranslationsSchema.optional(),
    location: ZLocationInputSchema.optional(),
  })
  .meta({ id: 'CreateWorkspaceRequest' });
export type CreateWorkspaceRequest = z.input<typeof ZCreateWorkspaceRequestSchema>;

/** PUT workspace/{id}: any of the create fields, and archived (archive/unarchive). */
export const ZUpdateWorkspaceRequestSchema = z
  .object({
    name: ZNameSchema.optional(),
    description: ZOptionalText(WORKSPACE_DESCRIPTION_MAX).optional(),
    reference_number: ZOptionalText(TEXT_FIELD_MAX).optional(),
    parent_id: z.number().int().positive().nullable().optional(),
    translations: ZWorkspaceTranslationsSchema.optional(),
    archived: z.boolean().optional(),
    /** null clears the location. */
    location: ZLocationInputSchema.optional(),
  })
  .meta({ id: 'UpdateWorkspaceRequest' });
export type UpdateWorkspaceRequest = z.input<typeof ZUpdateWorkspaceRequestSchema>;

/** PUT workspace/{id}/users: replaces each list that is given. */
export const ZWorkspaceUsersRequestSchema = z
  .object({
    managers_ids: z.array(z.number().int().positive()).max(1000).optional(),
    group_managers_ids: z.array(z.number().int().positive()).max(1000).optional(),
    users_ids: z.array(z.number().int().positive()).max(1000).optional(),
  })
  .meta({ id: 'WorkspaceUsersRequest' });
export type WorkspaceUsersRequest = z.infer<typeof ZWorkspaceUsersRequestSchema>;

/** Which request list holds which workspace role. */
export const WORKSPACE_ROLE_LISTS = {
  managers_ids: 'manager',
  group_managers_ids: 'group_manager',
  users_ids: 'member',
} as const satisfies Record<keyof WorkspaceUsersRequest, (typeof WORKSPACE_ROLES)[number]>;

/** A person named in two lists of one request: the first list naming them twice, or null. */
export function findDoubleRoleList(request: WorkspaceUsersRequest): keyof WorkspaceUsersRequest | null {
  const seen = new Set<number>();
  for (const list of Object.keys(WORKSPACE_ROLE_LISTS) as Array<keyof WorkspaceUsersRequest>) {
    for (const id of new Set(request[list] ?? [])) {
      if (seen.has(id)) return list;
      seen.add(id);
    }
  }
  return null;
}

/** GET workspace/{id}/qr_code. */
export const ZWorkspaceQrQuerySchema = z.object({ format: z.enum(['png', 'svg']).default('png') });

/**
 * A workspace's public code: 22 base64url characters (a v4 UUID's 122 random bits), made by the
 * database for every workspace. Public addresses (the QR code, the report page) carry it instead
 * of the sequential id, so they cannot be listed by counting.
 */
export const PUBLIC_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * What a public address names a workspace by: its code, or (only for QR codes printed before the
 * codes existed) its numeric id, which its workspace answers until its code is regenerated.
 * Anything else names nothing.
 */
export type PublicWorkspaceRef = { code: string } | { legacyId: number };

export function parsePublicWorkspaceRef(raw: string | null | undefined): PublicWorkspaceRef | null {
  if (!raw) return null;
  if (PUBLIC_CODE_PATTERN.test(raw)) return { code: raw };
  if (/^[1-9][0-9]{0,9}$/.test(raw)) {
    const id = Number(raw);
    return id <= 2_147_483_647 ? { legacyId: id } : null;
  }
  return null;
}

/** The address a workspace's QR code opens: the public report form of that workspace, by its code. */
export function workspaceQrTarget(appUrl: string, publicCode: string): string {
  return `${appUrl.replace(/\/$/, '')}/public/report?workspace_id=${encodeURIComponent(publicCode)}&qr=1`;
}

/** Query of the log lists (scan log, presence log). */
export const ZWorkspaceLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(PAGE_DEFAULT).default(PAGE_DEFAULT),
  paginate_by: z.coerce
    .number()
    .pipe(z.union(PAGE_SIZE_OPTIONS.map((n) => z.literal(n))))
    .catch(PAGE_SIZE_DEFAULT)
    .default(PAGE_SIZE_DEFAULT),
});

export const ZQrScanLogItemSchema = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** The browser's accuracy of the position, metres (null: not given). */
    accuracy_m: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'QrScanLogItem' });
export type QrScanLogItem = z.infer<typeof ZQrScanLogItemSchema>;
export const ZQrScanLogResponseSchema = pagedEnvelope(ZQrScanLogItemSchema);

export const ZPresenceLogItemSchema = z
  .object({
    id: z.number().int(),
    workspace: z.object({ id: z.number().int(), name: z.string() }),
    user: ZPersonSchema,
    started_at: z.string(),
    ended_at: z.string().nullable(),
    /** Seconds between check-in and check-out; null while the person is still checked in. */
    duration_seconds: z.number().int().nullable(),
    /** A check-in, or a location shared on a manager's request (issue 21) with the position. */
    source: z.enum(['check_in', 'location_request']),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    accuracy_m: z.number().nullable(),
  })
  .meta({ id: 'PresenceLogItem' });
export type PresenceLogItem = z.infer<typeof ZPresenceLogItemSchema>;
export const ZPresenceLogResponseSchema = pagedEnvelope(ZPresenceLogItemSchema);
export const ZUserPresenceLogsQuerySchema = z.object({
  workspace_id: z.coerce.number().int().positive().optional(),
});
export const ZUserPresenceLogsResponseSchema = z
  .object({ records: z.array(ZPresenceLogItemSchema), total_time_spent: z.number().int() })
  .meta({ id: 'UserPresenceLogs' });
export type UserPresenceLogs = z.infer<typeof ZUserPresenceLogsResponseSchema>;

export const ZPresenceRequestSchema = z.object({ action: z.enum(['check_in', 'check_out']) });

/** The time a log covers, in whole seconds; null while it is open. */
export function presenceDurationSeconds(startedAt: Date, endedAt: Date | null): number | null {
  if (!endedAt) return null;
  return Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000));
}

/** GET public/workspace/{id}: `id` is the workspace's public code (or a legacy numeric id). */
export const ZPublicWorkspaceParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .describe("The workspace's public code (a QR code printed before codes existed: its id)"),
});

/** GET public/workspace/{id}: only what a visitor may see. */
export const ZPublicWorkspaceQuerySchema = z.object({
  qr: flag(0),
  latitude: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  longitude: z.coerce.number().min(-180).max(180).optional().catch(undefined),
});
export const ZPublicWorkspaceResponseSchema = z
  .object({
    code: z.string().describe('The public code: what a public form names this workspace by'),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    client: z.object({ name: z.string(), logo: z.string().nullable() }),
    /** The report form, as the organisation's admins configured it (public_page_configurator/workspace). */
    form: ZPublicFormSchema,
  })
  .meta({ id: 'PublicWorkspace' });
export type PublicWorkspace = z.infer<typeof ZPublicWorkspaceResponseSchema>;

export const ZWorkspaceSuccessResponseSchema = z.object({ success: z.literal(true) });
