import { z } from 'zod';
import { ZAttachmentSchema } from '../attachments/attachment.js';
import { pagedEnvelope } from '../lists/paged.js';
import {
  ASSET_BULK_MAX,
  ASSET_DESCRIPTION_MAX,
  ASSET_MANAGERS_MAX,
  ASSET_NAME_MAX,
  ASSET_STATUS_IDS,
  ASSET_TEXT_MAX,
  LEGAL_REQUIREMENT_STATES,
  REGULATORY_FILE_KINDS,
  REGULATORY_NAME_MAX,
} from './asset.js';

/** Answers and requests of the asset calls (001 §7 "Assets"). */

const ID_MAX = 2_147_483_647;
const ZId = z.number().int();
const ZPositiveId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(ID_MAX, 'invalid_format');
const ZStatus = z
  .number('invalid_format')
  .int('invalid_format')
  .refine((v) => (ASSET_STATUS_IDS as readonly number[]).includes(v), 'invalid_format');
const ZName = z.string('required').trim().min(1, 'required').max(ASSET_NAME_MAX, 'too_long');
/** An optional short text: empty is null. */
const ZOptionalText = (max: number) =>
  z
    .string('invalid_format')
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));
const ZIds = (max: number) => z.array(ZPositiveId, 'invalid_format').max(max, 'too_long');
/** A calendar day, YYYY-MM-DD. */
const ZDay = z
  .string('invalid_format')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'invalid_format',
  );

const ZRef = z.object({ id: ZId, name: z.string() });
const ZPersonRef = z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// Assets
// ---------------------------------------------------------------------------------------------

export const ZAssetStatisticsSchema = z.object({
  /** Assets (not archived, not deleted) in the asset's group; 0 without a group. */
  assets_in_group: z.number().int(),
  /** Open issues (not completed, not archived, not deleted) naming the asset. */
  asset_issues: z.number().int(),
  /** Open tasks naming the asset. */
  asset_tasks: z.number().int(),
});

/** A card of GET asset. */
export const ZAssetListItemSchema = z
  .object({
    id: ZId,
    name: z.string(),
    status: z.number().int(),
    workspace: ZRef,
    group: ZRef.nullable(),
    system: ZRef.nullable(),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    /** The first picture's small thumbnail (signed URL), or null. */
    picture_url: z.string().nullable(),
    statistics: ZAssetStatisticsSchema,
    /** The worst state of its regulatory files (001 "legal requirements"). */
    legal_state: z.enum(LEGAL_REQUIREMENT_STATES),
    /** Whether the caller may edit / archive / delete it (001 §6). */
    can_edit: z.boolean(),
    can_manage: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetListItem' });
export type AssetListItem = z.infer<typeof ZAssetListItemSchema>;
export const ZAssetListResponseSchema = pagedEnvelope(ZAssetListItemSchema).meta({ id: 'AssetListResponse' });
export type AssetListResponse = z.infer<typeof ZAssetListResponseSchema>;

/** GET asset/{id}. */
export const ZAssetSchema = ZAssetListItemSchema.extend({
  managers: z.array(ZPersonRef),
  serial_number: z.string().nullable(),
  reference_number: z.string().nullable(),
  description: z.string().nullable(),
  location_required: z.boolean(),
  auth_maintenance_required: z.boolean(),
  auth_inspection_required: z.boolean(),
  /** The code its QR code and public report page carry (never the id). */
  public_code: z.string(),
  /** Its pictures, first is the card's. */
  attachments: z.array(ZAttachmentSchema),
  created_by: ZPersonRef.nullable(),
}).meta({ id: 'Asset' });
export type Asset = z.infer<typeof ZAssetSchema>;

const assetFields = {
  name: ZName,
  workspace_id: ZPositiveId,
  status: ZStatus,
  group_id: ZPositiveId.nullable(),
  system_id: ZPositiveId.nullable(),
  manager_ids: ZIds(ASSET_MANAGERS_MAX),
  manufacturer: ZOptionalText(ASSET_TEXT_MAX),
  model: ZOptionalText(ASSET_TEXT_MAX),
  serial_number: ZOptionalText(ASSET_TEXT_MAX),
  reference_number: ZOptionalText(ASSET_TEXT_MAX),
  description: ZOptionalText(ASSET_DESCRIPTION_MAX),
  location_required: z.boolean('invalid_format'),
  auth_maintenance_required: z.boolean('invalid_format'),
  auth_inspection_required: z.boolean('invalid_format'),
};

/** POST asset: name and workspace required; status 1 (active) unless given, never 5 (archive instead). */
export const ZCreateAssetRequestSchema = z
  .object({
    ...assetFields,
    status: assetFields.status.refine((v) => v !== 5, 'invalid_format').default(1),
    group_id: assetFields.group_id.optional().transform((v) => v ?? null),
    system_id: assetFields.system_id.optional().transform((v) => v ?? null),
    manager_ids: assetFields.manager_ids.default([]),
    location_required: assetFields.location_required.default(false),
    auth_maintenance_required: assetFields.auth_maintenance_required.default(false),
    auth_inspection_required: assetFields.auth_inspection_required.default(false),
  })
  .meta({ id: 'CreateAssetRequest' });
export type CreateAssetRequest = z.input<typeof ZCreateAssetRequestSchema>;

/** PUT asset/{id}: the fields given change. Status 5 archives, another status brings it back. */
export const ZUpdateAssetRequestSchema = z
  .object({
    name: assetFields.name.optional(),
    workspace_id: assetFields.workspace_id.optional(),
    status: assetFields.status.optional(),
    group_id: assetFields.group_id.optional(),
    system_id: assetFields.system_id.optional(),
    manager_ids: assetFields.manager_ids.optional(),
    manufacturer: z.string('invalid_format').trim().max(ASSET_TEXT_MAX, 'too_long').nullable().optional(),
    model: z.string('invalid_format').trim().max(ASSET_TEXT_MAX, 'too_long').nullable().optional(),
    serial_number: z.string('invalid_format').trim().max(ASSET_TEXT_MAX, 'too_long').nullable().optional(),
    reference_number: z.string('invalid_format').trim().max(ASSET_TEXT_MAX, 'too_long').nullable().optional(),
    description: z
      .string('invalid_format')
      .trim()
      .max(ASSET_DESCRIPTION_MAX, 'too_long')
      .nullable()
      .optional(),
    location_required: assetFields.location_required.optional(),
    auth_maintenance_required: assetFields.auth_maintenance_required.optional(),
    auth_inspection_required: assetFields.auth_inspection_required.optional(),
  })
  .meta({ id: 'UpdateAssetRequest' });
export type UpdateAssetRequest = z.input<typeof ZUpdateAssetRequestSchema>;

/** DELETE asset/multi_delete, PUT asset/multi_archive. */
export const ZAssetIdsRequestSchema = z
  .object({ ids: z.array(ZPositiveId, 'required').min(1, 'required').max(ASSET_BULK_MAX, 'too_long') })
  .meta({ id: 'AssetIdsRequest' });
export type AssetIdsRequest = z.infer<typeof ZAssetIdsRequestSchema>;

/** Why one id of a multi action was not done: an error key (not_found, forbidden, ...). */
const ZRefusal = z.object({ id: ZId, error: z.string() });
export const ZAssetMultiDeleteResponseSchema = z
  .object({ deleted: z.array(ZId), not_deleted: z.array(ZRefusal) })
  .meta({ id: 'AssetMultiDeleteResponse' });
export type AssetMultiDeleteResponse = z.infer<typeof ZAssetMultiDeleteResponseSchema>;
export const ZAssetMultiArchiveResponseSchema = z
  .object({ archived: z.array(ZId), not_archived: z.array(ZRefusal) })
  .meta({ id: 'AssetMultiArchiveResponse' });
export type AssetMultiArchiveResponse = z.infer<typeof ZAssetMultiArchiveResponseSchema>;

/** GET asset/filter_options: what the filter bar and the form offer (the spec leaves their paths out). */
export const ZAssetFilterOptionsSchema = z
  .object({
    groups: z.array(z.object({ id: ZId, name: z.string(), workspace_id: ZId })),
    systems: z.array(ZRef),
    models: z.array(z.string()),
    manufacturers: z.array(z.string()),
    /** People who manage at least one asset or group the caller sees. */
    managers: z.array(ZPersonRef),
  })
  .meta({ id: 'AssetFilterOptions' });
export type AssetFilterOptions = z.infer<typeof ZAssetFilterOptionsSchema>;

/** GET asset/{id}/activity_log: newest first. */
export const ZAssetActivityItemSchema = z
  .object({
    id: ZId,
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
    user: ZPersonRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AssetActivityItem' });
export type AssetActivityItem = z.infer<typeof ZAssetActivityItemSchema>;
export const ZAssetActivityResponseSchema = pagedEnvelope(ZAssetActivityItemSchema);

/** GET asset/{id}/schedules: the schedules that plan work on the asset (filled by the schedules issue). */
export const ZAssetScheduleItemSchema = z
  .object({ id: ZId, name: z.string(), workspace: ZRef })
  .meta({ id: 'AssetScheduleItem' });
export const ZAssetSchedulesResponseSchema = pagedEnvelope(ZAssetScheduleItemSchema);

/** The public code of an asset in a QR request. */
export const ZAssetQrQuerySchema = z.object({ format: z.enum(['png', 'svg']).default('png') });

// ---------------------------------------------------------------------------------------------
// Groups and systems
// ---------------------------------------------------------------------------------------------

export const ZAssetGroupSchema = z
  .object({
    id: ZId,
    name: z.string(),
    description: z.string().nullable(),
    status: z.number().int(),
    workspace: ZRef,
    managers: z.array(ZPersonRef),
    statistics: z.object({ assets_in_group: z.number().int(), asset_issues: z.number().int() }),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetGroup' });
export type AssetGroup = z.infer<typeof ZAssetGroupSchema>;
export const ZAssetGroupListResponseSchema = pagedEnvelope(ZAssetGroupSchema).meta({ id: 'AssetGroupList' });
export type AssetGroupListResponse = z.infer<typeof ZAssetGroupListResponseSchema>;

export const ZCreateAssetGroupRequestSchema = z
  .object({
    name: ZName,
    workspace_id: ZPositiveId,
    status: ZStatus.default(1),
    description: ZOptionalText(ASSET_DESCRIPTION_MAX),
    manager_ids: ZIds(ASSET_MANAGERS_MAX).default([]),
  })
  .meta({ id: 'CreateAssetGroupRequest' });
export type CreateAssetGroupRequest = z.input<typeof ZCreateAssetGroupRequestSchema>;
export const ZUpdateAssetGroupRequestSchema = z
  .object({
    name: ZName.optional(),
    workspace_id: ZPositiveId.optional(),
    status: ZStatus.optional(),
    description: z
      .string('invalid_format')
      .trim()
      .max(ASSET_DESCRIPTION_MAX, 'too_long')
      .nullable()
      .optional(),
    manager_ids: ZIds(ASSET_MANAGERS_MAX).optional(),
  })
  .meta({ id: 'UpdateAssetGroupRequest' });
export type UpdateAssetGroupRequest = z.input<typeof ZUpdateAssetGroupRequestSchema>;

/** POST asset/group/{id}/add and /remove. */
export const ZAssetGroupMembersRequestSchema = z
  .object({ asset_ids: z.array(ZPositiveId, 'required').min(1, 'required').max(ASSET_BULK_MAX, 'too_long') })
  .meta({ id: 'AssetGroupMembersRequest' });
export const ZAssetGroupAddResponseSchema = z
  .object({ added: z.array(ZId), not_added: z.array(ZRefusal) })
  .meta({ id: 'AssetGroupAddResponse' });
export type AssetGroupAddResponse = z.infer<typeof ZAssetGroupAddResponseSchema>;
export const ZAssetGroupRemoveResponseSchema = z
  .object({ removed: z.array(ZId), not_removed: z.array(ZRefusal) })
  .meta({ id: 'AssetGroupRemoveResponse' });
export type AssetGroupRemoveResponse = z.infer<typeof ZAssetGroupRemoveResponseSchema>;

/** POST asset/group/same_ws: are these assets (and the group, when given) in one workspace? */
export const ZAssetSameWorkspaceRequestSchema = z
  .object({
    asset_ids: z.array(ZPositiveId, 'required').min(1, 'required').max(ASSET_BULK_MAX, 'too_long'),
    group_id: ZPositiveId.optional(),
  })
  .meta({ id: 'AssetSameWorkspaceRequest' });
export const ZAssetSameWorkspaceResponseSchema = z
  .object({ same_ws: z.boolean(), workspace_id: ZId.nullable() })
  .meta({ id: 'AssetSameWorkspaceResponse' });

export const ZAssetSystemSchema = z
  .object({
    id: ZId,
    name: z.string(),
    description: z.string().nullable(),
    status: z.number().int(),
    statistics: z.object({ assets_in_system: z.number().int() }),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetSystem' });
export type AssetSystem = z.infer<typeof ZAssetSystemSchema>;
export const ZAssetSystemListResponseSchema = pagedEnvelope(ZAssetSystemSchema).meta({
  id: 'AssetSystemList',
});
export type AssetSystemListResponse = z.infer<typeof ZAssetSystemListResponseSchema>;
export const ZCreateAssetSystemRequestSchema = z
  .object({ name: ZName, status: ZStatus.default(1), description: ZOptionalText(ASSET_DESCRIPTION_MAX) })
  .meta({ id: 'CreateAssetSystemRequest' });
export type CreateAssetSystemRequest = z.input<typeof ZCreateAssetSystemRequestSchema>;
export const ZUpdateAssetSystemRequestSchema = z
  .object({
    name: ZName.optional(),
    status: ZStatus.optional(),
    description: z
      .string('invalid_format')
      .trim()
      .max(ASSET_DESCRIPTION_MAX, 'too_long')
      .nullable()
      .optional(),
  })
  .meta({ id: 'UpdateAssetSystemRequest' });
export type UpdateAssetSystemRequest = z.input<typeof ZUpdateAssetSystemRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Regulatory files
// ---------------------------------------------------------------------------------------------

export const ZRegulatoryFileSchema = z
  .object({
    id: ZId,
    name: z.string(),
    kind: z.enum(REGULATORY_FILE_KINDS),
    original_filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    issued_on: z.string().nullable(),
    valid_until: z.string().nullable(),
    state: z.enum(['expired', 'expiring', 'valid']),
    /** A signed address of the file (an hour). */
    url: z.string(),
    /** The assets it covers (one, or several for a global upload). */
    assets: z.array(ZRef),
    uploaded_by: ZPersonRef.nullable(),
    created_at: z.string(),
    can_edit: z.boolean(),
  })
  .meta({ id: 'RegulatoryFile' });
export type RegulatoryFile = z.infer<typeof ZRegulatoryFileSchema>;
export const ZRegulatoryFileListSchema = z
  .object({ data: z.array(ZRegulatoryFileSchema) })
  .meta({ id: 'RegulatoryFileList' });
export type RegulatoryFileList = z.infer<typeof ZRegulatoryFileListSchema>;

/**
 * The fields of a regulatory upload (multipart text fields next to `file`). asset_ids (comma
 * joined) only on the global POST asset/regulatory.
 */
export const ZRegulatoryFileFieldsSchema = z
  .object({
    name: z.string('required').trim().min(1, 'required').max(REGULATORY_NAME_MAX, 'too_long'),
    kind: z.enum(REGULATORY_FILE_KINDS, 'invalid_format'),
    issued_on: ZDay.nullish().transform((v) => v ?? null),
    valid_until: ZDay.nullish().transform((v) => v ?? null),
  })
  .refine((v) => !v.issued_on || !v.valid_until || v.issued_on <= v.valid_until, {
    message: 'valid_until_before_issued',
    path: ['valid_until'],
  })
  .meta({ id: 'RegulatoryFileFields' });
export type RegulatoryFileFields = z.input<typeof ZRegulatoryFileFieldsSchema>;

/** PUT asset/regulatory/{id}: name, kind and dates. */
export const ZUpdateRegulatoryFileRequestSchema = z
  .object({
    name: z.string('required').trim().min(1, 'required').max(REGULATORY_NAME_MAX, 'too_long').optional(),
    kind: z.enum(REGULATORY_FILE_KINDS, 'invalid_format').optional(),
    issued_on: ZDay.nullable().optional(),
    valid_until: ZDay.nullable().optional(),
  })
  .meta({ id: 'UpdateRegulatoryFileRequest' });
export type UpdateRegulatoryFileRequest = z.input<typeof ZUpdateRegulatoryFileRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Collaborations: asset systems shared with a partner (000 §7)
// ---------------------------------------------------------------------------------------------

export const ZCollaborationAssetSystemsSchema = z
  .object({ data: z.array(ZRef) })
  .meta({ id: 'CollaborationAssetSystems' });
export type CollaborationAssetSystems = z.infer<typeof ZCollaborationAssetSystemsSchema>;
export const ZCollaborationAssetSystemsRequestSchema = z
  .object({ system_ids: z.array(ZPositiveId, 'required').max(ASSET_BULK_MAX, 'too_long') })
  .meta({ id: 'CollaborationAssetSystemsRequest' });
