import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';

export const USER_STATUSES = ['active', 'invited', 'paused'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Workspace roles of 000 §6, strongest first. */
export const WORKSPACE_ROLES = ['manager', 'group_manager', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Global permission names of 000 §6. */
export const GLOBAL_PERMISSIONS = ['can_view_calendar', 'can_create_equipment', 'edit_workspace'] as const;
export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];

export const ZUserSettingsSchema = z.object({
  only_my_issues: z.boolean().default(false),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
});
export type UserSettings = z.infer<typeof ZUserSettingsSchema>;

export const ZUserSettingsPatchSchema = z.object({
  only_my_issues: z.boolean().optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
});

/** The session user of 000 §3. */
export const ZSessionUserSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    client_id: z.number().int(),
    main_client_id: z.number().int(),
    client: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
    status: z.enum(USER_STATUSES),
    status_nice: z.string(),
    role: z.enum(USER_ROLES),
    language: z.enum(UI_LANGUAGES),
    profile_image: z.string().nullable(),
    job_position: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    settings: ZUserSettingsSchema,
    permissions: z.object({
      global: z.array(z.enum(GLOBAL_PERMISSIONS)),
      workspace: z.array(z.object({ workspace_id: z.number().int(), role: z.enum(WORKSPACE_ROLES) })),
    }),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof ZSessionUserSchema>;

export function fullName(user: { first_name: string; last_name: string; email?: string }): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.email || '';
}

/** Global permissions follow from the role and from managing at least one workspace. */
export function globalPermissionsFor(
  role: UserRole,
  workspaceRoles: ReadonlyArray<WorkspaceRole>,
): GlobalPermission[] {
  if (role === 'admin') return [...GLOBAL_PERMISSIONS];
  const managesAny = workspaceRoles.some((r) => r === 'manager' || r === 'group_manager');
  return managesAny ? ['can_view_calendar', 'can_create_equipment', 'edit_workspace'] : ['can_view_calendar'];
}
