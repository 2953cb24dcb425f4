import { z } from 'zod';
import { ZEmail, ZLoginResponseSchema, ZNewPassword } from '../auth/auth.js';
import type { ClientSettings } from '../client/client-settings.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { COLLABORATION_PAGE_SIZE, PAGE_SIZE_OPTIONS, TEXT_FIELD_MAX } from '../limits.js';
import type { UserRole } from '../users/user.js';

/**
 * Partner collaborations (000 §1, §3, §5, §6, §7). The inviting organisation is the OWNER of the
 * shared workspaces; the invited company is the PARTNER. The stored type is what the partner is
 * to the owner (client or provider); the partner sees the opposite.
 */
export const COLLABORATION_TYPES = ['client', 'provider'] as const;
export type CollaborationType = (typeof COLLABORATION_TYPES)[number];
export const COLLABORATION_ACCESS_TYPES = ['full', 'limited'] as const;
export type CollaborationAccessType = (typeof COLLABORATION_ACCESS_TYPES)[number];
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation link stays valid for 30 days. */
export const COLLABORATION_INVITE_TTL_MS = 30 * 24 * 60 * 60_000;
/** At most this many companies in one create-multiple call. */
export const COLLABORATION_INVITES_MAX = 50;
/** Page sizes of the collaboration list: its own default (10) and the common options. */
export const COLLABORATION_PAGE_SIZE_OPTIONS = [COLLABORATION_PAGE_SIZE, ...PAGE_SIZE_OPTIONS] as const;

export function oppositeCollaborationType(type: CollaborationType): CollaborationType {
  return type === 'client' ? 'provider' : 'client';
}

/** What the OTHER side is to the viewer: the owner reads the stored type, the partner its opposite. */
export function collaborationTypeSeenBy(storedType: CollaborationType, isOwner: boolean): CollaborationType {
  return isOwner ? storedType : oppositeCollaborationType(storedType);
}

/**
 * The name of the other side: for the owner the alias they gave, else the partner company's name,
 * else the invited address; for the partner the owner's name.
 */
export function collaborationLabel(args: {
  isOwner: boolean;
  companyAlias: string | null;
  partnerName: string | null;
  ownerName: string;
  invitedEmail: string;
}): string {
  if (!args.isOwner) return args.ownerName;
  return args.companyAlias?.trim() || args.partnerName || args.invitedEmail;
}

type Viewer = { role: UserRole; managesAnyWorkspace: boolean };

/**
 * Who sees the collaboration list and a collaboration's details: admins and workspace managers,
 * and anybody who may invite (limited invites allowed), so they see what they invited.
 */
export function canSeeCollaborations(
  user: Viewer,
  settings: Pick<ClientSettings, 'include_collab' | 'limited_collaborator_invites'>,
): boolean {
  if (user.role === 'admin' || user.managesAnyWorkspace) return true;
  return settings.include_collab && settings.limited_collaborator_invites;
}

/** Share and unshare workspaces, re-invite, change alias, access and logo, delete: the owner's admins. */
export function canManageCollaboration(
  user: { role: UserRole; clientId: number },
  collaboration: { client_id: number },
): boolean {
  return user.role === 'admin' && collaboration.client_id === user.clientId;
}

/**
 * Give the partner's people roles in a shared workspace (sync_users): the owner's admins, and
 * whoever reaches that workspace as collab admin through this collaboration (the partner's admins
 * do on every shared workspace).
 */
export function canSyncCollaborationUsers(
  user: { role: UserRole; clientId: number },
  collaboration: { id: number; client_id: number },
  grant: { role: string; collaboration_id: number | null } | undefined,
): boolean {
  if (canManageCollaboration(user, collaboration)) return true;
  return grant?.role === 'collab_admin' && grant.collaboration_id === collaboration.id;
}

/** Re-invite only what is not accepted (pending again, or declined). */
export function canReinvite(status: InvitationStatus): boolean {
  return status !== 'accepted';
}

// ---- list parameters (000 §2: page, paginate_by, type, access_type, invitation_status, search, workspaces)

export type CollaborationListFilters = {
  page: number;
  paginate_by: number;
  type: CollaborationType | null;
  access_type: CollaborationAccessType | null;
  invitation_status: InvitationStatus | null;
  search: string;
  workspaces: number[];
};

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | null =>
  typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : null;

/** Reads list parameters as they come from a URL; unsupported values fall back to defaults (000 §2). */
export function parseCollaborationListQuery(raw: Record<string, unknown>): CollaborationListFilters {
  const page = Number(raw.page);
  const perPage = Number(raw.paginate_by);
  const ids = typeof raw.workspaces === 'string' ? raw.workspaces.split(',') : [];
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    paginate_by: (COLLABORATION_PAGE_SIZE_OPTIONS as readonly number[]).includes(perPage)
      ? perPage
      : COLLABORATION_PAGE_SIZE,
    type: oneOf(COLLABORATION_TYPES, raw.type),
    access_type: oneOf(COLLABORATION_ACCESS_TYPES, raw.access_type),
    invitation_status: oneOf(INVITATION_STATUSES, raw.invitation_status),
    search: typeof raw.search === 'string' ? raw.search.trim().slice(0, TEXT_FIELD_MAX) : '',
    workspaces: [
      ...new Set(
        ids.map((s) => Number(s.trim())).filter((n) => Number.isSafeInteger(n) && n > 0 && n < 2 ** 31),
      ),
    ],
  };
}

/** The filters as URL parameters, leaving out defaults (what the web keeps in its address bar). */
export function collaborationListParams(filters: Partial<CollaborationListFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.page && filters.page > 1) out.page = String(filters.page);
  if (filters.paginate_by && filters.paginate_by !== COLLABORATION_PAGE_SIZE)
    out.paginate_by = String(filters.paginate_by);
  if (filters.type) out.type = filters.type;
  if (filters.access_type) out.access_type = filters.access_type;
  if (filters.invitation_status) out.invitation_status = filters.invitation_status;
  if (filters.search) out.search = filters.search;
  if (filters.workspaces?.length) out.workspaces = filters.workspaces.join(',');
  return out;
}

/** Whether any filter (not the page) narrows the list: the empty state then reads 'no results found'. */
export function isCollaborationListFiltered(filters: CollaborationListFilters): boolean {
  return !!(
    filters.type ||
    filters.access_type ||
    filters.invitation_status ||
    filters.search ||
    filters.workspaces.length
  );
}

// ---- schemas

const ZId = z.number().int().positive();
const ZIds = z.array(ZId).max(1000);
const ZAlias = z.string().trim().max(TEXT_FIELD_MAX, 'too_long');

export const ZCollaborationTypeSchema = z.enum(COLLABORATION_TYPES, { error: 'invalid_format' });
export const ZCollaborationAccessTypeSchema = z.enum(COLLABORATION_ACCESS_TYPES, { error: 'invalid_format' });

const ZCompany = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
const ZPersonShort = z.object({
  id: z.number().int(),
  full_name: z.string(),
  profile_image: z.string().nullable(),
});

/** The collaborator item of 000 §3, as the caller sees it. */
export const ZCollaborationItemSchema = z
  .object({
    id: z.number().int(),
    logo: z.string().nullable(),
    label: z.string(),
    type: z.enum(COLLABORATION_TYPES).describe('What the other side is to the caller'),
    access_type: z.enum(COLLABORATION_ACCESS_TYPES),
    invitation_status: z.enum(INVITATION_STATUSES),
    invited_email: z.string(),
    is_owner: z.boolean().describe("The caller's organisation sent the invitation"),
    partner: ZCompany.nullable(),
    users: z.array(ZPersonShort).describe("The partner's people in it"),
    workspaces_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'CollaborationItem' });
export type CollaborationItem = z.infer<typeof ZCollaborationItemSchema>;

export const ZCollaborationDetailSchema = ZCollaborationItemSchema.extend({
  company_alias: z.string().nullable(),
  owner: ZCompany,
  workspaces: z.array(z.object({ id: z.number().int(), name: z.string() })),
  invited_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  responded_at: z.string().nullable(),
  permissions: z.object({ can_manage: z.boolean(), can_sync_users: z.boolean() }),
}).meta({ id: 'CollaborationDetail' });
export type CollaborationDetail = z.infer<typeof ZCollaborationDetailSchema>;

export const ZCollaborationListQuerySchema = z.object({
  page: z.string().optional(),
  paginate_by: z.string().optional(),
  type: z.string().optional(),
  access_type: z.string().optional(),
  invitation_status: z.string().optional(),
  search: z.string().optional(),
  workspaces: z.string().optional().describe('Comma-separated workspace ids'),
});

export const ZCollaborationNameSchema = z.object({ id: z.number().int(), label: z.string() });
export const ZCollaborationSimpleSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  logo: z.string().nullable(),
  type: z.enum(COLLABORATION_TYPES),
});
export type CollaborationSimple = z.infer<typeof ZCollaborationSimpleSchema>;

export const ZCheckCollaborationEmailRequestSchema = z.object({ email: ZEmail });
/**
 * What the invite form may know before inviting (000 §3 "Email-check response", narrowed): the
 * company and whether the address is its admin, only for a company the caller's organisation
 * already collaborates with (accepted, either direction). Any other address, with or without an
 * account, answers the same as an unknown one: no user ids, no other company, no hint that an
 * account exists. The non-admin rule for those is applied when the invitee answers.
 */
export const ZCheckCollaborationEmailResponseSchema = z
  .object({
    client: z
      .object({ name: z.string(), logo: z.string().nullable() })
      .nullable()
      .describe('The partner company the address belongs to, only for a company the caller works with'),
    is_user_admin: z.boolean().describe("The address is that partner company's admin"),
  })
  .meta({ id: 'CollaborationEmailCheck' });
export type CheckCollaborationEmailResponse = z.infer<typeof ZCheckCollaborationEmailResponseSchema>;

export const ZNewCollaborationEntrySchema = z.object({
  email: ZEmail,
  company_alias: ZAlias.optional(),
});

export const ZCreateCollaborationRequestSchema = z.object({
  collab_type: ZCollaborationTypeSchema,
  access_type: ZCollaborationAccessTypeSchema.optional().default('full'),
  email: ZEmail,
  company_alias: ZAlias.optional(),
  workspace_ids: ZIds.optional(),
});
export type CreateCollaborationRequest = z.input<typeof ZCreateCollaborationRequestSchema>;

export const ZCreateCollaborationsRequestSchema = z.object({
  collab_type: ZCollaborationTypeSchema,
  access_type: ZCollaborationAccessTypeSchema.optional().default('full'),
  new_collaborations: z
    .array(ZNewCollaborationEntrySchema)
    .min(1, 'required')
    .max(COLLABORATION_INVITES_MAX, 'too_long'),
  workspace_ids: ZIds.optional(),
});
export type CreateCollaborationsRequest = z.input<typeof ZCreateCollaborationsRequestSchema>;

export const ZCreateCollaborationsResponseSchema = z.object({
  success: z.literal(true),
  new_collaborations: z.array(ZCollaborationItemSchema),
});
export type CreateCollaborationsResponse = z.infer<typeof ZCreateCollaborationsResponseSchema>;

export const ZUpdateCollaborationRequestSchema = z.object({
  company_alias: ZAlias.nullable().optional(),
  access_type: ZCollaborationAccessTypeSchema.optional(),
});
export type UpdateCollaborationRequest = z.input<typeof ZUpdateCollaborationRequestSchema>;

export const ZCollaborationWorkspaceIdsRequestSchema = z.object({ workspace_ids: ZIds });
export type CollaborationWorkspaceIdsRequest = z.input<typeof ZCollaborationWorkspaceIdsRequestSchema>;

export const ZCollaborationWorkspacesQuerySchema = z.object({
  include_subws: z.enum(['0', '1']).optional().default('0'),
});

export const ZCollaborationWorkspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  is_shared: z.boolean().describe('Shared directly (false: a sub-workspace of a shared one)'),
});
export type CollaborationWorkspace = z.infer<typeof ZCollaborationWorkspaceSchema>;

export const ZCollaborationUserSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    profile_image: z.string().nullable(),
    workspaces: z.array(
      z.object({
        workspace_id: z.number().int(),
        workspace_name: z.string(),
        role: z.enum(['collab_admin', 'collab_manager', 'member']),
      }),
    ),
  })
  .meta({ id: 'CollaborationUser' });
export type CollaborationUser = z.infer<typeof ZCollaborationUserSchema>;

export const ZSyncCollaborationUsersRequestSchema = z.object({
  collab_admins: ZIds.optional(),
  collab_managers: ZIds.optional(),
  members: ZIds.optional(),
});
export type SyncCollaborationUsersRequest = z.input<typeof ZSyncCollaborationUsersRequestSchema>;

export const ZSyncCollaborationUsersResponseSchema = z.object({
  workspace_id: z.number().int(),
  collab_admins: z.array(z.number().int()),
  collab_managers: z.array(z.number().int()),
  members: z.array(z.number().int()),
});
export type SyncCollaborationUsersResponse = z.infer<typeof ZSyncCollaborationUsersResponseSchema>;

// ---- the public invitation page (/public/collaboration_action)

const ZInviteToken = z.string({ error: 'required' }).min(10, 'invalid_token').max(200, 'invalid_token');

export const ZCollaborationActionQuerySchema = z.object({ token: ZInviteToken });

export const ZCollaborationActionInfoSchema = z
  .object({
    status: z.enum(INVITATION_STATUSES),
    owner: z.object({ name: z.string(), logo: z.string().nullable() }),
    type: z.enum(COLLABORATION_TYPES).describe('What the inviting company is to the invitee'),
    access_type: z.enum(COLLABORATION_ACCESS_TYPES),
    invited_email: z.string(),
    needs_account: z.boolean().describe('The address has no account: accepting creates a company'),
  })
  .meta({ id: 'CollaborationActionInfo' });
export type CollaborationActionInfo = z.infer<typeof ZCollaborationActionInfoSchema>;

const ZOptionalName = z.string().trim().max(TEXT_FIELD_MAX, 'too_long').optional();

export const ZCollaborationActionRequestSchema = z.object({
  token: ZInviteToken,
  action: z.enum(['accept', 'decline'], { error: 'invalid_format' }),
  company_name: z.string().trim().max(TEXT_FIELD_MAX, 'too_long').optional(),
  first_name: ZOptionalName,
  last_name: ZOptionalName,
  password: ZNewPassword.optional(),
  language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
});
export type CollaborationActionRequest = z.input<typeof ZCollaborationActionRequestSchema>;

export const ZCollaborationActionResponseSchema = z
  .object({
    status: z.enum(INVITATION_STATUSES),
    login: ZLoginResponseSchema.optional().describe('Set when accepting created a company and its admin'),
  })
  .meta({ id: 'CollaborationActionResult' });
export type CollaborationActionResponse = z.infer<typeof ZCollaborationActionResponseSchema>;

/**
 * Partner (collaborator) filters show only in the person's own (main) organisation, and only when
 * it works with partners (001 §2: "Collaborator filters show only for the main client").
 */
export function showsPartnerFilters(
  user: { client_id: number; main_client_id: number } | undefined,
  settings: { include_collab: boolean },
): boolean {
  return !!user && user.client_id === user.main_client_id && settings.include_collab;
}
