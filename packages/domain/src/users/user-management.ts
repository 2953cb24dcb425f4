import { z } from 'zod';
import type { ClientSettings } from '../client/client-settings.js';
import type { ErrorKey } from '../errors/error-keys.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { EMAIL_MAX, PAGE_SIZE_DEFAULT, PHONE_MAX, TEXT_FIELD_MAX } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import { canManageUsers } from '../permissions/access.js';
import {
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  WORKSPACE_ROLES,
  ZUserSettingsPatchSchema,
} from './user.js';

/* ------------------------------------------------------------------------------------------ */
/* Rules (000 §5, §6) shared by the web app and the server                                      */
/* ------------------------------------------------------------------------------------------ */

/** The caller as the user-management rules see them. */
export type UserManager = { role: UserRole; managesAnyWorkspace: boolean };

/**
 * May the caller manage this person (edit, archive, change roles, invite)? User managers
 * (canManageUsers) may; a manager-admin (a workspace manager allowed by 'manager_admins') never
 * touches an admin nor makes anybody admin: that stays with admins.
 */
export function canManageUser(
  actor: UserManager,
  settings: Pick<ClientSettings, 'user_management_permission'>,
  target: { role: UserRole },
): boolean {
  if (!canManageUsers(actor, settings)) return false;
  return actor.role === 'admin' || target.role !== 'admin';
}

/** Giving the role 'admin' (on invite or edit) is for admins only. */
export function canGrantUserRole(actor: { role: UserRole }, role: UserRole): boolean {
  return role !== 'admin' || actor.role === 'admin';
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as the new-user and new-external forms accept it (000 §5). */
export function isValidEmailAddress(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX && EMAIL_FORMAT.test(trimmed);
}

export type NewPersonEntry = { email: string; [field: string]: string | undefined };

/**
 * Checks the entries of a create-and-add form (new users: email, first_name, last_name; new
 * externals: email, company_alias) all at once (000 §5): a missing e-mail is 'required', a bad or
 * over-long one 'invalid_format', the same address twice 'email_already_added' (on the later
 * entry), any other text field over 255 'too_long'. Keys are `<listName>.<index>.<field>`, as the
 * server answers them, so the web shows the same message on the same entry.
 */
export function validateNewPersonEntries(
  listName: string,
  entries: ReadonlyArray<NewPersonEntry>,
  textFields: ReadonlyArray<string>,
): Record<string, ErrorKey> {
  const fields: Record<string, ErrorKey> = {};
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const email = (entry.email ?? '').trim().toLowerCase();
    const key = `${listName}.${index}.email`;
    if (!email) fields[key] = 'required';
    else if (!isValidEmailAddress(email)) fields[key] = 'invalid_format';
    else if (seen.has(email)) fields[key] = 'email_already_added';
    if (email) seen.add(email);
    for (const field of textFields) {
      const value = entry[field];
      if (value !== undefined && value.trim().length > TEXT_FIELD_MAX) {
        fields[`${listName}.${index}.${field}`] = 'too_long';
      }
    }
  });
  return fields;
}

/* ------------------------------------------------------------------------------------------ */
/* Shapes of the users calls (000 §3, §7)                                                      */
/* ------------------------------------------------------------------------------------------ */

const ZId = z.number().int();
const ZJobPosition = z.object({ id: ZId, name: z.string() });

export const ZJobPositionSchema = ZJobPosition.meta({ id: 'JobPosition' });
export type JobPosition = z.infer<typeof ZJobPositionSchema>;

/** One person of the user list (contract shared with the workspaces and collaborations features). */
export const ZUserListItemSchema = z
  .object({
    id: ZId,
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    status_nice: z.string(),
    role: z.enum(USER_ROLES),
    profile_image: z.string().nullable(),
    job_position: ZJobPosition.nullable(),
    client_id: ZId,
    /** Only with statistics=1: the workspaces where the person has a role. */
    workspaces_count: z.number().int().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'UserListItem' });
export type UserListItem = z.infer<typeof ZUserListItemSchema>;

export const USER_SORT_FIELDS = ['created', 'updated', 'name'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** "1,2,3" → [1, 2, 3]; anything that is not a positive integer is dropped. */
export function parseIdList(value: string | undefined | null): number[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
}

const ZIdList = z
  .string()
  .max(2000, 'too_long')
  .optional()
  .transform((v) => parseIdList(v));
const ZPage = z.coerce.number().int().min(1, 'invalid_format').default(1);
const ZPerPage = z.coerce.number().int().min(1, 'invalid_format').max(200, 'invalid_format');
const ZSearch = z.string().trim().max(TEXT_FIELD_MAX, 'too_long').optional();

/** GET users/ (000 §7: sort name asc, active filter, statistics off by default). */
export const ZUserListQuerySchema = z.object({
  search: ZSearch,
  active: z.enum(['0', '1'], { error: 'invalid_format' }).optional(),
  statistics: z.enum(['0', '1'], { error: 'invalid_format' }).optional(),
  workspace_ids: ZIdList,
  sort_by: z.enum(USER_SORT_FIELDS, { error: 'invalid_format' }).default('name'),
  sort_direction: z.enum(['asc', 'desc'], { error: 'invalid_format' }).default('asc'),
  page: ZPage,
  paginate_by: ZPerPage.default(PAGE_SIZE_DEFAULT),
});
export type UserListQuery = z.output<typeof ZUserListQuerySchema>;
export const ZUserListResponseSchema = pagedEnvelope(ZUserListItemSchema);
export type UserListResponse = z.infer<typeof ZUserListResponseSchema>;

/** Picker lists (users/filter-mix and users/filter-mix-collabs). */
export const ZPickerQuerySchema = z.object({
  search: ZSearch,
  workspace_ids: ZIdList,
  page: ZPage,
  paginate_by: ZPerPage.default(PAGE_SIZE_DEFAULT),
});
export type PickerQuery = z.output<typeof ZPickerQuerySchema>;

export const ZPickerUserSchema = z
  .object({
    id: ZId,
    full_name: z.string(),
    email: z.string(),
    profile_image: z.string().nullable(),
    isNotInWorkspace: z.boolean(),
  })
  .meta({ id: 'PickerUser' });
export type PickerUser = z.infer<typeof ZPickerUserSchema>;

const ZCompany = z.object({ id: ZId, name: z.string(), logo: z.string().nullable() });

export const ZPickerExternalSchema = ZPickerUserSchema.extend({
  company: ZCompany,
  collaboration_id: ZId,
}).meta({ id: 'PickerExternal' });
export type PickerExternal = z.infer<typeof ZPickerExternalSchema>;

export const ZPickerUserListResponseSchema = pagedEnvelope(ZPickerUserSchema);
export const ZPickerExternalListResponseSchema = pagedEnvelope(ZPickerExternalSchema);

/** A person as the small lists show them (users/main_org, users/list-by-workspace-access). */
export const ZPersonSchema = z
  .object({
    id: ZId,
    full_name: z.string(),
    email: z.string(),
    profile_image: z.string().nullable(),
    role: z.enum(USER_ROLES),
    /** The person's organisation when it is not the caller's (partner people), else null. */
    company: ZCompany.nullable(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof ZPersonSchema>;

export const ZListByWorkspaceAccessQuerySchema = z.object({
  workspace_id: z.coerce.number({ error: 'required' }).int().positive('invalid_format'),
});

/* --- invitations --- */

const ZLooseEmail = z.string({ error: 'required' }).max(1000, 'invalid_format');
const ZLooseName = z.string().max(1000, 'too_long').optional();
const ZWorkspaceIds = z.array(z.number().int().positive()).max(500).optional();

export const ZNewUserEntrySchema = z.object({
  email: ZLooseEmail,
  first_name: ZLooseName,
  last_name: ZLooseName,
});
export type NewUserEntry = z.infer<typeof ZNewUserEntrySchema>;

/** POST users/create-multiple; entries are checked together (validateNewPersonEntries). */
export const ZCreateMultipleUsersRequestSchema = z.object({
  new_users: z.array(ZNewUserEntrySchema).min(1, 'required').max(100, 'too_long'),
  workspace_ids: ZWorkspaceIds,
  role: z.enum(WORKSPACE_ROLES, { error: 'invalid_format' }).optional(),
  /** The global role of everybody invited (default user; admin only by admins). */
  user_role: z.enum(USER_ROLES, { error: 'invalid_format' }).optional(),
  job_position_id: z.number().int().positive().nullable().optional(),
});
export type CreateMultipleUsersRequest = z.infer<typeof ZCreateMultipleUsersRequestSchema>;

export const ZCreateMultipleUsersResponseSchema = z
  .object({
    success: z.literal(true),
    new_users: z.array(ZUserListItemSchema),
    asked_to_join: z
      .array(z.string())
      .describe(
        'Addresses that already have an account elsewhere: they were mailed a link to join and are listed once they do',
      ),
  })
  .meta({ id: 'NewUsersResponse' });
export type CreateMultipleUsersResponse = z.infer<typeof ZCreateMultipleUsersResponseSchema>;

/** POST users: one invitation, with the global role and a job position. */
export const ZCreateUserRequestSchema = z.object({
  email: ZLooseEmail,
  first_name: ZLooseName,
  last_name: ZLooseName,
  role: z.enum(USER_ROLES, { error: 'invalid_format' }).optional(),
  job_position_id: z.number().int().positive().nullable().optional(),
  workspace_ids: ZWorkspaceIds,
  workspace_role: z.enum(WORKSPACE_ROLES, { error: 'invalid_format' }).optional(),
});
export type CreateUserRequest = z.infer<typeof ZCreateUserRequestSchema>;

/** POST users for an address with an account in another organisation: it was asked to join. */
export const ZAskedToJoinSchema = z
  .object({ email: z.string(), asked_to_join: z.literal(true) })
  .meta({ id: 'AskedToJoin' });
export const ZCreateUserResponseSchema = z.union([ZUserListItemSchema, ZAskedToJoinSchema]);
export type CreateUserResponse = z.infer<typeof ZCreateUserResponseSchema>;

export const ZCheckExistingRequestSchema = z.object({
  emails: z.array(z.string().max(1000)).min(1, 'required').max(200, 'too_long'),
});
/**
 * Joining an organisation one was invited to while having an account elsewhere: the person
 * agrees through the link mailed to them (GET shows what, POST joins). Until then the inviting
 * organisation sees nothing of their account.
 */
export const ZJoinOrganisationQuerySchema = z.object({
  token: z.string({ error: 'required' }).min(10, 'invalid_token').max(200, 'invalid_token'),
});
export const ZJoinOrganisationRequestSchema = ZJoinOrganisationQuerySchema;
export const ZJoinOrganisationInfoSchema = z
  .object({
    organisation: z.object({ name: z.string(), logo: z.string().nullable() }),
    email: z.string(),
  })
  .meta({ id: 'JoinOrganisationInfo' });
export type JoinOrganisationInfo = z.infer<typeof ZJoinOrganisationInfoSchema>;

/** The addresses that already belong to the caller's organisation (accounts elsewhere read as new). */
export const ZCheckExistingResponseSchema = z.object({
  existing: z.array(z.object({ email: z.string(), id: ZId })),
});
export type CheckExistingResponse = z.infer<typeof ZCheckExistingResponseSchema>;

/* --- status changes and workspace roles --- */

export const ZUserIdsRequestSchema = z.object({
  user_ids: z.array(z.number().int().positive()).min(1, 'required').max(500, 'too_long'),
});
export type UserIdsRequest = z.infer<typeof ZUserIdsRequestSchema>;
export const ZResendInviteRequestSchema = z.object({ user_id: z.number().int().positive() });

export const ZAddWorkspacesRequestSchema = z.object({
  workspace_ids: z.array(z.number().int().positive()).min(1, 'required').max(500, 'too_long'),
  user_ids: z.array(z.number().int().positive()).min(1, 'required').max(500, 'too_long'),
  role: z.enum(WORKSPACE_ROLES, { error: 'invalid_format' }),
});
export type AddWorkspacesRequest = z.infer<typeof ZAddWorkspacesRequestSchema>;

export const ZUserWorkspaceRoleSchema = z
  .object({ workspace_id: ZId, workspace_name: z.string(), role: z.enum(WORKSPACE_ROLES) })
  .meta({ id: 'UserWorkspaceRole' });
export type UserWorkspaceRole = z.infer<typeof ZUserWorkspaceRoleSchema>;
export const ZUserWorkspaceRolesResponseSchema = z.array(ZUserWorkspaceRoleSchema);
export const ZSetUserWorkspaceRolesRequestSchema = z.object({
  workspace_roles: z
    .array(z.object({ workspace_id: z.number().int().positive(), role: z.enum(WORKSPACE_ROLES) }))
    .max(1000, 'too_long'),
});
export type SetUserWorkspaceRolesRequest = z.infer<typeof ZSetUserWorkspaceRolesRequestSchema>;
export const ZAllWorkspacesRoleRequestSchema = z.object({
  role: z.enum(WORKSPACE_ROLES, { error: 'invalid_format' }),
});

/* --- edit, job positions, activity, statistics, switching organisation --- */

/** PUT user/{id}: own profile fields, plus role and job position for user managers. */
export const ZUpdateUserRequestSchema = z.object({
  first_name: z.string().trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long').optional(),
  last_name: z.string().trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long').optional(),
  phone: z.string().trim().max(PHONE_MAX, 'too_long').nullable().optional(),
  language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
  settings: ZUserSettingsPatchSchema.optional(),
  role: z.enum(USER_ROLES, { error: 'invalid_format' }).optional(),
  job_position_id: z.number().int().positive().nullable().optional(),
});
export type UpdateUserRequest = z.infer<typeof ZUpdateUserRequestSchema>;

export const ZCreateJobPositionRequestSchema = z.object({
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long'),
});
export const ZJobPositionListResponseSchema = z.array(ZJobPositionSchema);

export const ZActivityLogItemSchema = z
  .object({
    id: ZId,
    action: z.string(),
    entity_type: z.string(),
    entity_id: ZId,
    user: z.object({ id: ZId, full_name: z.string() }).nullable(),
    changes: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'ActivityLogItem' });
export type ActivityLogItem = z.infer<typeof ZActivityLogItemSchema>;
export const ZActivityLogQuerySchema = z.object({
  page: ZPage,
  paginate_by: ZPerPage.default(PAGE_SIZE_DEFAULT),
});
export const ZActivityLogResponseSchema = pagedEnvelope(ZActivityLogItemSchema);

export const ZUserStatisticsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    invited: z.number().int(),
    paused: z.number().int(),
    admins: z.number().int(),
  })
  .meta({ id: 'UserStatistics' });
export type UserStatistics = z.infer<typeof ZUserStatisticsSchema>;

export const ZSwitchClientRequestSchema = z.object({ client_id: z.number().int().positive() });

/**
 * GET user/me/often_details: the caller's most used workspaces (where they have a role or a
 * favourite; favourites first, then by role strength, then name) and the people they work with
 * (own-organisation people who share the most of those workspaces with them).
 */
export const ZOftenDetailsSchema = z
  .object({
    workspaces: z.array(
      z.object({
        id: ZId,
        name: z.string(),
        is_favorite: z.boolean(),
        role: z.enum(WORKSPACE_ROLES).nullable(),
      }),
    ),
    users: z.array(
      z.object({
        id: ZId,
        full_name: z.string(),
        profile_image: z.string().nullable(),
        shared_workspaces: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'OftenDetails' });
export type OftenDetails = z.infer<typeof ZOftenDetailsSchema>;
