import { z } from 'zod';
import { ZAttachmentSchema } from '../attachments/attachment.js';
import { pagedEnvelope } from '../lists/paged.js';
import { ZLocationInputSchema, ZLocationSchema } from '../location/location-schemas.js';
import { ZPublicFormSchema } from '../public-area/public-form-schema.js';
import {
  EQUIPMENT_BOOKING_KINDS,
  EQUIPMENT_BOOKING_STATES,
  EQUIPMENT_BUFFER_DAYS_MAX,
  EQUIPMENT_BUFFER_POSITIONS,
  EQUIPMENT_BULK_MAX,
  EQUIPMENT_DESCRIPTION_MAX,
  EQUIPMENT_LINKS_MAX,
  EQUIPMENT_MANAGERS_MAX,
  EQUIPMENT_NOTE_MAX,
  EQUIPMENT_PERIOD_UNITS,
  EQUIPMENT_PERIOD_VALUE_MAX,
  EQUIPMENT_SET_STATUSES,
  EQUIPMENT_STATUSES,
  EQUIPMENT_STORAGES,
  EQUIPMENT_TEXT_MAX,
  EQUIPMENT_TITLE_MAX,
} from './equipment.js';

/** Requests and answers of the equipment calls (001 §7 "Equipment"). */

const ID_MAX = 2_147_483_647;
const ZId = z.number().int();
const ZPositiveId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(ID_MAX, 'invalid_format');
const ZIds = (max: number) => z.array(ZPositiveId, 'invalid_format').max(max, 'too_long');
const ZSomeIds = z.array(ZPositiveId, 'required').min(1, 'required').max(EQUIPMENT_BULK_MAX, 'too_long');
/** 001 §5: 'Enter longer schedule title' (empty) and 'Title can't be too long'. */
const ZTitle = z
  .string('title_mandatory')
  .trim()
  .min(1, 'title_mandatory')
  .max(EQUIPMENT_TITLE_MAX, 'too_long');
const ZName = z.string('required').trim().min(1, 'required').max(EQUIPMENT_TEXT_MAX, 'too_long');
/** An optional text: empty is null. */
const ZOptionalText = (max: number) =>
  z
    .string('invalid_format')
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));
/** A calendar day, YYYY-MM-DD. */
export const ZEquipmentDay = z
  .string('invalid_format')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'invalid_format',
  );
const ZPeriodValue = z
  .number('invalid_format')
  .int('invalid_format')
  .min(1, 'invalid_format')
  .max(EQUIPMENT_PERIOD_VALUE_MAX, 'invalid_format');
const ZPeriodUnit = z.enum(EQUIPMENT_PERIOD_UNITS, 'invalid_format');

const ZRef = z.object({ id: ZId, name: z.string() });
const ZPersonRef = z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() });
const ZRefusal = z.object({ id: ZId, error: z.string() });
/** The answer of a call on several ids: what was done, and what was not with the reason (an error key). */
export const ZEquipmentBulkResultSchema = z
  .object({ done: z.array(ZId), not_done: z.array(ZRefusal) })
  .meta({ id: 'EquipmentBulkResult' });
export type EquipmentBulkResult = z.infer<typeof ZEquipmentBulkResultSchema>;

// ---------------------------------------------------------------------------------------------
// Holders and bookings (handouts and reservations)
// ---------------------------------------------------------------------------------------------

/**
 * Who holds or reserved an item (001 §3 Reservation.holder): a person of the organisation, or
 * an external holder (is_public_user true).
 */
export const ZEquipmentHolderSchema = z
  .object({
    id: ZId,
    is_public_user: z.boolean(),
    full_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
  })
  .meta({ id: 'EquipmentHolder' });
export type EquipmentHolder = z.infer<typeof ZEquipmentHolderSchema>;

/** A handout or a reservation (001 §3 "Reservation"; the handout has the same fields). */
export const ZEquipmentBookingSchema = z
  .object({
    id: ZId,
    equipment_id: ZId,
    equipment_title: z.string(),
    group_id: ZId.nullable(),
    /** Bookings made together (a group, several items) share the first one's id. */
    batch_id: ZId.nullable(),
    kind: z.enum(EQUIPMENT_BOOKING_KINDS),
    state: z.enum(EQUIPMENT_BOOKING_STATES),
    holder: ZEquipmentHolderSchema.nullable(),
    holder_id: ZId.nullable(),
    note: z.string().nullable(),
    reservation_start_date: z.string(),
    return_at: z.string(),
    buffer_days_reservations: z.object({
      value: z.number().int(),
      before: z.number().int(),
      after: z.number().int(),
    }),
    /** An active handout past its return date (001 §4). */
    overdue: z.boolean(),
    /** A reservation whose days (buffer included) hold today (001 §4). */
    currently_active: z.boolean(),
    requested_by: ZPersonRef.nullable(),
    decided_by: ZPersonRef.nullable(),
    returned_at: z.string().nullable(),
    /** The caller may change or cancel it (001 §6: admin, manager or holder). */
    can_change: z.boolean(),
    /** The caller may approve or decline it (a pending request, managers). */
    can_decide: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'EquipmentBooking' });
export type EquipmentBooking = z.infer<typeof ZEquipmentBookingSchema>;
export const ZEquipmentBookingListSchema = z
  .object({ data: z.array(ZEquipmentBookingSchema) })
  .meta({ id: 'EquipmentBookingList' });
export type EquipmentBookingList = z.infer<typeof ZEquipmentBookingListSchema>;

/** Names the holder: a person of the organisation (holder_id) or an external holder. */
const holderFields = {
  holder_id: ZPositiveId.nullish(),
  external_holder_id: ZPositiveId.nullish(),
  note: ZOptionalText(EQUIPMENT_NOTE_MAX),
};
const oneHolder = (v: { holder_id?: number | null; external_holder_id?: number | null }) =>
  (v.holder_id ? 1 : 0) + (v.external_holder_id ? 1 : 0) <= 1;
const HOLDER_ISSUE = { message: 'invalid_format', path: ['holder_id'] };

/** POST equipment/{id}/handout (also group and several items): return_at defaults from the type. */
export const ZCreateHandoutRequestSchema = z
  .object({
    ...holderFields,
    /** Empty: the type's default return period (001 §4), or required when the type sets none. */
    return_at: ZEquipmentDay.nullish(),
    /** Hand out what this reservation (of the same holder) kept. */
    reservation_id: ZPositiveId.nullish(),
  })
  .refine(oneHolder, HOLDER_ISSUE)
  .meta({ id: 'CreateHandoutRequest' });
export type CreateHandoutRequest = z.input<typeof ZCreateHandoutRequestSchema>;

/** PUT equipment/{id}/handout/{handoutId}: a new return date or note. */
export const ZUpdateBookingRequestSchema = z
  .object({
    /** Left out: the note stays; empty: no note. */
    note: ZOptionalText(EQUIPMENT_NOTE_MAX).optional(),
    reservation_start_date: ZEquipmentDay.optional(),
    return_at: ZEquipmentDay.optional(),
  })
  .meta({ id: 'UpdateBookingRequest' });
export type UpdateBookingRequest = z.input<typeof ZUpdateBookingRequestSchema>;

/** PUT equipment/handout/extend: new return date for several handouts. */
export const ZExtendHandoutsRequestSchema = z
  .object({ handout_ids: ZSomeIds, return_at: ZEquipmentDay })
  .meta({ id: 'ExtendHandoutsRequest' });
export type ExtendHandoutsRequest = z.input<typeof ZExtendHandoutsRequestSchema>;

/** POST equipment/{id}/reservation (also group and several items). */
export const ZCreateReservationRequestSchema = z
  .object({ ...holderFields, reservation_start_date: ZEquipmentDay, return_at: ZEquipmentDay })
  .refine(oneHolder, HOLDER_ISSUE)
  .meta({ id: 'CreateReservationRequest' });
export type CreateReservationRequest = z.input<typeof ZCreateReservationRequestSchema>;

/** POST equipment/multiple/multiple_reservation. */
export const ZMultipleReservationRequestSchema = z
  .object({
    ...holderFields,
    equipment_ids: ZSomeIds,
    reservation_start_date: ZEquipmentDay,
    return_at: ZEquipmentDay,
  })
  .refine(oneHolder, HOLDER_ISSUE)
  .meta({ id: 'MultipleReservationRequest' });
export type MultipleReservationRequest = z.input<typeof ZMultipleReservationRequestSchema>;

/** POST equipment/multiple/mix_handout. */
export const ZMixHandoutRequestSchema = z
  .object({ ...holderFields, equipment_ids: ZSomeIds, return_at: ZEquipmentDay.nullish() })
  .refine(oneHolder, HOLDER_ISSUE)
  .meta({ id: 'MixHandoutRequest' });
export type MixHandoutRequest = z.input<typeof ZMixHandoutRequestSchema>;

export const ZEquipmentIdsRequestSchema = z
  .object({ equipment_ids: ZSomeIds })
  .meta({ id: 'EquipmentIdsRequest' });
export type EquipmentIdsRequest = z.input<typeof ZEquipmentIdsRequestSchema>;
export const ZReservationIdsRequestSchema = z
  .object({ reservation_ids: ZSomeIds })
  .meta({ id: 'ReservationIdsRequest' });
export const ZGroupIdsRequestSchema = z
  .object({ group_ids: ZSomeIds })
  .meta({ id: 'EquipmentGroupIdsRequest' });
/** POST equipment/multiple/add_to_group. */
export const ZAddToGroupRequestSchema = z
  .object({ equipment_ids: ZSomeIds, group_id: ZPositiveId })
  .meta({ id: 'AddToGroupRequest' });

/** Ids in a query: `ids=1,2,3` or `ids[]=1&ids[]=2` (001 §7 availability calls). */
const ZQueryIds = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v),
  z.array(z.coerce.number().int().positive().max(ID_MAX)).max(EQUIPMENT_BULK_MAX),
);
/** GET equipment/availability: the days each item is held between from and to (default: 90 days from today). */
export const ZAvailabilityQuerySchema = z
  .object({
    ids: ZQueryIds.optional(),
    'ids[]': ZQueryIds.optional(),
    from: ZEquipmentDay.optional(),
    to: ZEquipmentDay.optional(),
  })
  .meta({ title: 'EquipmentAvailabilityQuery' });
/** GET equipment/group/{id}/availability, /reservation_availability, /extend_availability. */
export const ZGroupAvailabilityQuerySchema = z
  .object({ from: ZEquipmentDay.optional(), to: ZEquipmentDay.optional() })
  .meta({ title: 'EquipmentGroupAvailabilityQuery' });
export const ZReturnAvailabilityQuerySchema = z
  .object({ equipment_ids: ZQueryIds.optional(), 'equipment_ids[]': ZQueryIds.optional() })
  .meta({ title: 'ReturnAvailabilityQuery' });

/** One item's held days: what a date picker greys out. */
export const ZEquipmentAvailabilitySchema = z
  .object({
    equipment_id: ZId,
    title: z.string(),
    status: z.enum(EQUIPMENT_STATUSES),
    /** Free for a handout today (stored, nothing holding today). */
    available_now: z.boolean(),
    busy: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        kind: z.enum(EQUIPMENT_BOOKING_KINDS),
        state: z.enum(EQUIPMENT_BOOKING_STATES),
        booking_id: ZId,
      }),
    ),
  })
  .meta({ id: 'EquipmentAvailability' });
export type EquipmentAvailability = z.infer<typeof ZEquipmentAvailabilitySchema>;
export const ZEquipmentAvailabilityResponseSchema = z
  .object({ data: z.array(ZEquipmentAvailabilitySchema) })
  .meta({ id: 'EquipmentAvailabilityResponse' });

/** GET equipment/multiple/return_availability: whether the caller may return each item, and why not. */
export const ZReturnAvailabilityResponseSchema = z
  .object({
    data: z.array(
      z.object({
        equipment_id: ZId,
        title: z.string(),
        can_return: z.boolean(),
        /** An error key when not: equipment_not_issued, forbidden. */
        reason: z.string().nullable(),
        handout: ZEquipmentBookingSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'ReturnAvailabilityResponse' });

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

const ZLink = z.object({
  title: z.string('required').trim().min(1, 'required').max(EQUIPMENT_TEXT_MAX, 'too_long'),
  url: z.string('required').trim().url('invalid_format').max(2000, 'too_long'),
});

/** What the list shows and what it is sorted by: a row of GET equipment/. */
export const ZEquipmentListItemSchema = z
  .object({
    id: ZId,
    title: z.string(),
    status: z.enum(EQUIPMENT_STATUSES),
    workspace: ZRef,
    type: ZRef,
    group: ZRef.nullable(),
    serial_number: z.string().nullable(),
    reference_number: z.string().nullable(),
    picture_url: z.string().nullable(),
    /** Who has it now (an active handout), and until when. */
    holder: ZEquipmentHolderSchema.nullable(),
    return_date: z.string().nullable(),
    overdue: z.boolean(),
    /** The next reservation that holds days from today on. */
    reserved_for: ZEquipmentHolderSchema.nullable(),
    reserved_from: z.string().nullable(),
    /** Requests waiting for a decision. */
    pending_requests: z.number().int(),
    /** 001 §2: the list comes in overdue, pending and regular parts (the action_required order). */
    part: z.enum(['overdue', 'pending', 'regular']),
    can_edit: z.boolean(),
    can_manage: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EquipmentListItem' });
export type EquipmentListItem = z.infer<typeof ZEquipmentListItemSchema>;
export const ZEquipmentListResponseSchema = pagedEnvelope(ZEquipmentListItemSchema)
  .extend({
    /** How many of the whole filtered list are in each part. */
    parts: z.object({ overdue: z.number().int(), pending: z.number().int(), regular: z.number().int() }),
  })
  .meta({ id: 'EquipmentListResponse' });
export type EquipmentListResponse = z.infer<typeof ZEquipmentListResponseSchema>;

/** GET equipment/{id}. */
export const ZEquipmentSchema = ZEquipmentListItemSchema.extend({
  description: z.string().nullable(),
  storage: z.enum(EQUIPMENT_STORAGES),
  storage_workspace: ZRef.nullable(),
  location: z.string().nullable(),
  /** 001 §3 Location picked on a map (`location` above is the storage place's free text); null when none. */
  geo_location: ZLocationSchema.nullable(),
  handout_requires_approval: z.boolean(),
  /** The item or its type asks for approval of handouts and reservations. */
  requires_approval: z.boolean(),
  links: z.array(ZLink),
  managers: z.array(ZPersonRef),
  /** The code its QR code and public page carry (never the id). */
  public_code: z.string(),
  attachments: z.array(ZAttachmentSchema),
  handout: ZEquipmentBookingSchema.nullable(),
  /** The type's handout default: the return date a handout made today gets, or null. */
  default_return_date: z.string().nullable(),
  /** The type's longest reservation in days, or null. */
  max_reservation_days: z.number().int().nullable(),
  buffer_days: z.object({ before: z.number().int(), after: z.number().int() }),
  /** The caller may hand out / reserve (for themselves at least). */
  can_book: z.boolean(),
  /** The caller may confirm its return (is_equipment_return_strict). */
  can_return: z.boolean(),
  created_by: ZPersonRef.nullable(),
}).meta({ id: 'Equipment' });
export type Equipment = z.infer<typeof ZEquipmentSchema>;

const equipmentFields = {
  title: ZTitle,
  workspace_id: ZPositiveId,
  /** 001 §5 'Type is mandatory.' */
  type_id: z
    .number('type_required')
    .int('type_required')
    .positive('type_required')
    .max(ID_MAX, 'type_required'),
  group_id: ZPositiveId.nullish(),
  storage: z.enum(EQUIPMENT_STORAGES, 'invalid_format').optional(),
  storage_workspace_id: ZPositiveId.nullish(),
  location: ZOptionalText(EQUIPMENT_TEXT_MAX),
  /** The location picker's place (null clears it). */
  geo_location: ZLocationInputSchema.optional(),
  description: ZOptionalText(EQUIPMENT_DESCRIPTION_MAX),
  serial_number: ZOptionalText(EQUIPMENT_TEXT_MAX),
  reference_number: ZOptionalText(EQUIPMENT_TEXT_MAX),
  handout_requires_approval: z.boolean('invalid_format').optional(),
  manager_ids: ZIds(EQUIPMENT_MANAGERS_MAX).optional(),
  links: z.array(ZLink, 'invalid_format').max(EQUIPMENT_LINKS_MAX, 'too_long').optional(),
};
/** POST equipment: a new item is stored (001 §3). */
export const ZCreateEquipmentRequestSchema = z.object(equipmentFields).meta({ id: 'CreateEquipmentRequest' });
export type CreateEquipmentRequest = z.input<typeof ZCreateEquipmentRequestSchema>;
/** PUT equipment/{id}: any of the fields; status archived/stored archives or brings back. */
export const ZUpdateEquipmentRequestSchema = z
  .object({ ...equipmentFields, status: z.enum(['stored', 'archived'], 'invalid_format') })
  .partial()
  .meta({ id: 'UpdateEquipmentRequest' });
export type UpdateEquipmentRequest = z.input<typeof ZUpdateEquipmentRequestSchema>;

/** GET equipment/{id}/activity_log: newest first. */
export const ZEquipmentActivityItemSchema = z
  .object({
    id: ZId,
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
    user: ZPersonRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'EquipmentActivityItem' });
export const ZEquipmentActivityResponseSchema = pagedEnvelope(ZEquipmentActivityItemSchema).meta({
  id: 'EquipmentActivityResponse',
});

/** GET equipment/{id}/scan_log: QR scans and finders' reports, newest first. */
export const ZEquipmentScanItemSchema = z
  .object({
    id: ZId,
    /** A scan of its QR code, or a finder's 'found' report from the public page. */
    kind: z.enum(['scan', 'found']),
    user: z.object({ id: ZId, full_name: z.string() }).nullable(),
    finder_name: z.string().nullable(),
    finder_contact: z.string().nullable(),
    message: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** The scanner did not share a location (the browser asked and was refused, or cannot tell). */
    location_missing: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'EquipmentScanItem' });
export const ZEquipmentScanLogResponseSchema = pagedEnvelope(ZEquipmentScanItemSchema).meta({
  id: 'EquipmentScanLogResponse',
});

/** Options for the list's filter bar and the form (paths the spec leaves out). */
export const ZEquipmentFilterOptionsSchema = z
  .object({
    groups: z.array(ZRef),
    types: z.array(ZRef),
    managers: z.array(ZPersonRef),
    holders: z.array(ZEquipmentHolderSchema),
  })
  .meta({ id: 'EquipmentFilterOptions' });
export type EquipmentFilterOptions = z.infer<typeof ZEquipmentFilterOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------

export const ZEquipmentGroupSchema = z
  .object({
    id: ZId,
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(EQUIPMENT_SET_STATUSES),
    bind_group_to_workspace: z.boolean(),
    workspace: ZRef.nullable(),
    managers: z.array(ZPersonRef),
    /** Items in the group (not deleted), and how many are out now. */
    equipment_count: z.number().int(),
    issued_count: z.number().int(),
    /** Who the group's next reservation is for. */
    reserved_for: ZEquipmentHolderSchema.nullable(),
    public_code: z.string(),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EquipmentGroup' });
export type EquipmentGroup = z.infer<typeof ZEquipmentGroupSchema>;
export const ZEquipmentGroupListResponseSchema = pagedEnvelope(ZEquipmentGroupSchema).meta({
  id: 'EquipmentGroupListResponse',
});
export type EquipmentGroupListResponse = z.infer<typeof ZEquipmentGroupListResponseSchema>;
/** GET equipment/group/{id}: the group with its items. */
export const ZEquipmentGroupDetailSchema = ZEquipmentGroupSchema.extend({
  equipment: z.array(ZEquipmentListItemSchema),
}).meta({ id: 'EquipmentGroupDetail' });
export type EquipmentGroupDetail = z.infer<typeof ZEquipmentGroupDetailSchema>;

const groupFields = {
  name: ZName,
  description: ZOptionalText(EQUIPMENT_DESCRIPTION_MAX),
  manager_ids: ZIds(EQUIPMENT_MANAGERS_MAX).optional(),
  bind_group_to_workspace: z.boolean('invalid_format').optional(),
  workspace_id: ZPositiveId.nullish(),
  /** Items to put into the group (those already in it stay; ungroup or an item's own form takes them out). */
  equipment_ids: ZIds(EQUIPMENT_BULK_MAX).optional(),
};
export const ZCreateEquipmentGroupRequestSchema = z
  .object(groupFields)
  .meta({ id: 'CreateEquipmentGroupRequest' });
export type CreateEquipmentGroupRequest = z.input<typeof ZCreateEquipmentGroupRequestSchema>;
export const ZUpdateEquipmentGroupRequestSchema = z
  .object(groupFields)
  .partial()
  .meta({ id: 'UpdateEquipmentGroupRequest' });
export type UpdateEquipmentGroupRequest = z.input<typeof ZUpdateEquipmentGroupRequestSchema>;
/** POST equipment/group/{groupId}/{action}. */
export const EQUIPMENT_GROUP_ACTIONS = ['archive', 'unarchive'] as const;
/** POST equipment/group/same_ws: whether the items can form one workspace-bound group. */
export const ZSameWorkspaceRequestSchema = z
  .object({ equipment_ids: ZSomeIds })
  .meta({ id: 'EquipmentSameWorkspaceRequest' });
export const ZSameWorkspaceResponseSchema = z
  .object({ data: z.object({ same_ws: z.boolean(), workspace_id: ZId.nullable() }) })
  .meta({ id: 'EquipmentSameWorkspaceResponse' });

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

const typeFields = {
  name: ZName,
  description: ZOptionalText(EQUIPMENT_DESCRIPTION_MAX),
  storage: z.enum(EQUIPMENT_STORAGES, 'invalid_format').optional(),
  workspace_id: ZPositiveId.nullish(),
  location: ZOptionalText(EQUIPMENT_TEXT_MAX),
  handout_requires_approval: z.boolean('invalid_format').optional(),
  set_default_return_period: z.boolean('invalid_format').optional(),
  default_return_period_value: ZPeriodValue.optional(),
  default_return_period_type: ZPeriodUnit.optional(),
  set_max_reservation_duration: z.boolean('invalid_format').optional(),
  max_reservation_duration_value: ZPeriodValue.optional(),
  max_reservation_duration_type: ZPeriodUnit.optional(),
  set_buffer_days_reservations: z.boolean('invalid_format').optional(),
  buffer_days_reservations_value: z
    .number('invalid_format')
    .int('invalid_format')
    .min(0, 'invalid_format')
    .max(EQUIPMENT_BUFFER_DAYS_MAX, 'invalid_format')
    .optional(),
  buffer_days_reservations_type: z.enum(EQUIPMENT_BUFFER_POSITIONS, 'invalid_format').optional(),
  status: z.enum(EQUIPMENT_SET_STATUSES, 'invalid_format').optional(),
};
export const ZCreateEquipmentTypeRequestSchema = z
  .object(typeFields)
  .meta({ id: 'CreateEquipmentTypeRequest' });
export type CreateEquipmentTypeRequest = z.input<typeof ZCreateEquipmentTypeRequestSchema>;
export const ZUpdateEquipmentTypeRequestSchema = z
  .object(typeFields)
  .partial()
  .meta({ id: 'UpdateEquipmentTypeRequest' });
export type UpdateEquipmentTypeRequest = z.input<typeof ZUpdateEquipmentTypeRequestSchema>;
export const ZEquipmentTypeSchema = z
  .object({
    id: ZId,
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(EQUIPMENT_SET_STATUSES),
    storage: z.enum(EQUIPMENT_STORAGES),
    workspace: ZRef.nullable(),
    location: z.string().nullable(),
    handout_requires_approval: z.boolean(),
    set_default_return_period: z.boolean(),
    default_return_period_value: z.number().int(),
    default_return_period_type: z.enum(EQUIPMENT_PERIOD_UNITS),
    set_max_reservation_duration: z.boolean(),
    max_reservation_duration_value: z.number().int(),
    max_reservation_duration_type: z.enum(EQUIPMENT_PERIOD_UNITS),
    set_buffer_days_reservations: z.boolean(),
    buffer_days_reservations_value: z.number().int(),
    buffer_days_reservations_type: z.enum(EQUIPMENT_BUFFER_POSITIONS),
    equipment_count: z.number().int(),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EquipmentType' });
export type EquipmentType = z.infer<typeof ZEquipmentTypeSchema>;
export const ZEquipmentTypeListResponseSchema = pagedEnvelope(ZEquipmentTypeSchema).meta({
  id: 'EquipmentTypeListResponse',
});
export type EquipmentTypeListResponse = z.infer<typeof ZEquipmentTypeListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// External holders
// ---------------------------------------------------------------------------------------------

const externalHolderFields = {
  full_name: ZName,
  company: ZOptionalText(EQUIPMENT_TEXT_MAX),
  email: z
    .string('invalid_format')
    .trim()
    .max(EQUIPMENT_TEXT_MAX, 'too_long')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'invalid_email')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone: ZOptionalText(64),
  status: z.enum(EQUIPMENT_SET_STATUSES, 'invalid_format').optional(),
};
export const ZCreateExternalHolderRequestSchema = z
  .object(externalHolderFields)
  .meta({ id: 'CreateExternalHolderRequest' });
export type CreateExternalHolderRequest = z.input<typeof ZCreateExternalHolderRequestSchema>;
export const ZUpdateExternalHolderRequestSchema = z
  .object(externalHolderFields)
  .partial()
  .meta({ id: 'UpdateExternalHolderRequest' });
export type UpdateExternalHolderRequest = z.input<typeof ZUpdateExternalHolderRequestSchema>;
export const ZExternalHolderSchema = z
  .object({
    id: ZId,
    full_name: z.string(),
    company: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.enum(EQUIPMENT_SET_STATUSES),
    /** Items they hold now. */
    holding_count: z.number().int(),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ExternalHolder' });
export type ExternalHolder = z.infer<typeof ZExternalHolderSchema>;
export const ZExternalHolderListResponseSchema = pagedEnvelope(ZExternalHolderSchema).meta({
  id: 'ExternalHolderListResponse',
});
export type ExternalHolderListResponse = z.infer<typeof ZExternalHolderListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Public pages (no account: a finder, a holder with an extend link)
// ---------------------------------------------------------------------------------------------

/** GET public/equipment/{code}: only what a finder may see. */
export const ZPublicEquipmentSchema = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    organisation: z.string(),
    workspace: z.string(),
    picture_url: z.string().nullable(),
    /** Items of a group page. */
    equipment: z.array(z.object({ title: z.string(), picture_url: z.string().nullable() })),
    /** The finder's form, as the organisation's admins configured it (public_page_configurator/equipment). */
    form: ZPublicFormSchema,
  })
  .meta({ id: 'PublicEquipment' });
export type PublicEquipment = z.infer<typeof ZPublicEquipmentSchema>;
/** POST public/equipment/{code}/found. */
export const ZFoundReportRequestSchema = z
  .object({
    finder_name: ZOptionalText(EQUIPMENT_TEXT_MAX),
    finder_contact: ZOptionalText(EQUIPMENT_TEXT_MAX),
    message: ZOptionalText(EQUIPMENT_NOTE_MAX),
    latitude: z.number('invalid_format').min(-90, 'invalid_format').max(90, 'invalid_format').nullish(),
    longitude: z.number('invalid_format').min(-180, 'invalid_format').max(180, 'invalid_format').nullish(),
  })
  .meta({ id: 'FoundReportRequest' });
export type FoundReportRequest = z.input<typeof ZFoundReportRequestSchema>;
/** GET public/equipment/extend_handout?token=: the handout the holder's link names. */
export const ZExtendTokenQuerySchema = z
  .object({ token: z.string('invalid_token').min(20, 'invalid_token').max(100, 'invalid_token') })
  .meta({ title: 'ExtendTokenQuery' });
export const ZPublicHandoutSchema = z
  .object({
    organisation: z.string(),
    holder_name: z.string(),
    items: z.array(z.object({ title: z.string(), return_at: z.string(), overdue: z.boolean() })),
    return_at: z.string(),
    /** The latest return date an extension may ask for (the type's period from today, the next booking). */
    latest_return_at: z.string().nullable(),
    /** The organisation's day, by which the server judges overdue and the earliest new date. */
    today: z.string(),
  })
  .meta({ id: 'PublicHandout' });
export type PublicHandout = z.infer<typeof ZPublicHandoutSchema>;
/** POST public/equipment/extend_handout. */
export const ZPublicExtendRequestSchema = z
  .object({
    token: z.string('invalid_token').min(20, 'invalid_token').max(100, 'invalid_token'),
    return_at: ZEquipmentDay,
  })
  .meta({ id: 'PublicExtendRequest' });
