import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app.js';
import {
  createAsset,
  createAssetGroup,
  createAssetPicture,
  createAssetSystem,
  createRegulatoryFile,
} from './helpers/assets-factories.js';
import { day } from './helpers/equipment-booking-team.js';
import {
  createEquipment,
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentPicture,
  createEquipmentType,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { addWorkspace, addWorkspaceRole, createTeam, login } from './helpers/factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createLeaseFile } from './helpers/workspace-info-factories.js';

// A plain member of the organisation, calling each action reserved to admins or managers with a
// valid request, is refused with 403 and nothing changes. Every write route that names an id must
// appear either here or in MEMBERS_MAY, so a new route has to be classified to pass.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Ids = {
  workspace: number;
  otherUser: number;
  collaboration: number;
  client: number;
  jobPosition: number;
  /** A completed issue in the member's workspace, neither theirs nor assigned to them. */
  issue: number;
  category: number;
  textTemplate: number;
  /** A checklist with one item on that issue, and a template of the organisation. */
  checklist: number;
  checklistItem: number;
  checklistTemplate: number;
  /** An asset of the member's workspace they do not manage, its picture, group, system and file. */
  asset: number;
  assetPicture: number;
  assetGroup: number;
  assetSystem: number;
  regulatoryFile: number;
  /** A schedule of the member's workspace, assigned to someone else. */
  schedule: number;
  /** The key of one of its prepared (future) tasks. */
  scheduledTask: string;
  /** An equipment type bound to the member's workspace, an external holder, a group bound there. */
  equipmentType: number;
  externalHolder: number;
  equipmentGroup: number;
  /** An equipment item of the member's workspace they do not manage, and its picture. */
  equipment: number;
  equipmentPicture: number;
  /**
   * Bookings (equipment-booking-routes): a group of the member's workspace with one item handed
   * out to the admin (a group handout) and reserved by the admin later (a group reservation).
   */
  bookingGroup: number;
  bookedEquipment: number;
  equipmentHandout: number;
  equipmentReservation: number;
  /** A contract file of the member's workspace's lease (issue 21). */
  leaseFile: number;
  /** Dynamic forms filled on the issue and the schedule (issue 22). */
  issueForm: number;
  scheduleForm: number;
};
type Refusal = { method: string; url: string; path: (ids: Ids) => string; body?: (ids: Ids) => unknown };

const REFUSED: Refusal[] = [
  // Issues the member only sees (not assigned to them, not reported by them)
  { method: 'POST', url: '/issue/:id/archive', path: (i) => `/issue/${i.issue}/archive` },
  { method: 'POST', url: '/issue/:id/unarchive', path: (i) => `/issue/${i.issue}/unarchive` },
  { method: 'POST', url: '/issue/:id/reopen', path: (i) => `/issue/${i.issue}/reopen` },
  {
    method: 'PUT',
    url: '/issue/:id',
    path: (i) => `/issue/${i.issue}`,
    body: () => ({ title: 'Renamed issue' }),
  },
  { method: 'DELETE', url: '/issue/:id', path: (i) => `/issue/${i.issue}` },
  // Attachments: adding needs can_add_attachments (refused before the files are read); the
  // gallery save edits the issue like PUT.
  { method: 'POST', url: '/issue/:id/upload', path: (i) => `/issue/${i.issue}/upload` },
  {
    method: 'POST',
    url: '/issue/:id',
    path: (i) => `/issue/${i.issue}`,
    body: () => ({ title: 'Renamed issue' }),
  },
  {
    method: 'POST',
    url: '/issue/:id/worktime-logs',
    path: (i) => `/issue/${i.issue}/worktime-logs`,
    body: () => ({ seconds: 600 }),
  },
  // Public reports: writing to the reporter needs can_edit; the reporters list is for admins and managers.
  {
    method: 'POST',
    url: '/issue/:id/external/send_declined_issue_notification',
    path: (i) => `/issue/${i.issue}/external/send_declined_issue_notification`,
    body: () => ({ message: 'Declined' }),
  },
  { method: 'GET', url: '/users/external-reporters', path: () => '/users/external-reporters' },
  // Organisation
  {
    method: 'PUT',
    url: '/client/:id',
    path: (i) => `/client/${i.client}`,
    body: () => ({ name: 'Taken over' }),
  },
  { method: 'DELETE', url: '/client/:id/logo', path: (i) => `/client/${i.client}/logo` },
  { method: 'GET', url: '/mail/outbox', path: () => '/mail/outbox' },
  // Workspaces
  { method: 'POST', url: '/workspace', path: () => '/workspace', body: () => ({ name: 'Mine now' }) },
  {
    method: 'PUT',
    url: '/workspace/:id',
    path: (i) => `/workspace/${i.workspace}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/workspace/:id', path: (i) => `/workspace/${i.workspace}` },
  {
    method: 'PUT',
    url: '/workspace/:id/users',
    path: (i) => `/workspace/${i.workspace}/users`,
    body: () => ({ users_ids: [] }),
  },
  { method: 'GET', url: '/qr_code/scan_log/:id', path: (i) => `/qr_code/scan_log/${i.workspace}` },
  // The Odoo sync (issue 22): admins and the workspace's managers push an issue, a member may not.
  { method: 'POST', url: '/integration/odoo-sync/:id', path: (i) => `/integration/odoo-sync/${i.issue}` },
  // Location requests (issue 21): admins and the workspace's managers ask, a member may not.
  {
    method: 'POST',
    url: '/user/:id/request_location',
    path: (i) => `/user/${i.otherUser}/request_location`,
    body: (i) => ({ workspace_id: i.workspace }),
  },
  {
    method: 'POST',
    url: '/workspace/:id/qr_code/regenerate',
    path: (i) => `/workspace/${i.workspace}/qr_code/regenerate`,
  },
  {
    method: 'GET',
    url: '/workspace/:id/presence/logs',
    path: (i) => `/workspace/${i.workspace}/presence/logs`,
  },
  // Users
  { method: 'POST', url: '/users', path: () => '/users', body: () => ({ email: 'new-person@example.test' }) },
  {
    method: 'POST',
    url: '/users/create-multiple',
    path: () => '/users/create-multiple',
    body: () => ({ new_users: [{ email: 'new-person@example.test' }] }),
  },
  {
    method: 'POST',
    url: '/users/resend_invite',
    path: () => '/users/resend_invite',
    body: (i) => ({ user_id: i.otherUser }),
  },
  {
    method: 'POST',
    url: '/users/archive',
    path: () => '/users/archive',
    body: (i) => ({ user_ids: [i.otherUser] }),
  },
  {
    method: 'POST',
    url: '/users/unarchive',
    path: () => '/users/unarchive',
    body: (i) => ({ user_ids: [i.otherUser] }),
  },
  {
    method: 'POST',
    url: '/users/add_workspaces',
    path: () => '/users/add_workspaces',
    body: (i) => ({ workspace_ids: [i.workspace], user_ids: [i.otherUser], role: 'manager' }),
  },
  {
    method: 'PUT',
    url: '/user/:id',
    path: (i) => `/user/${i.otherUser}`,
    body: () => ({ first_name: 'Renamed' }),
  },
  {
    method: 'POST',
    url: '/user/:id/workspace_roles',
    path: (i) => `/user/${i.otherUser}/workspace_roles`,
    body: (i) => ({ workspace_roles: [{ workspace_id: i.workspace, role: 'manager' }] }),
  },
  {
    method: 'PUT',
    url: '/user/:id/all_ws',
    path: (i) => `/user/${i.otherUser}/all_ws`,
    body: () => ({ role: 'manager' }),
  },
  { method: 'GET', url: '/user/:id/activity_log', path: (i) => `/user/${i.otherUser}/activity_log` },
  {
    method: 'POST',
    url: '/users/job_positions',
    path: () => '/users/job_positions',
    body: () => ({ name: 'Boss' }),
  },
  {
    method: 'DELETE',
    url: '/users/job_positions/:id',
    path: (i) => `/users/job_positions/${i.jobPosition}`,
  },
  // Collaborations
  { method: 'GET', url: '/collaboration', path: () => '/collaboration' },
  {
    method: 'POST',
    url: '/collaboration/check-email',
    path: () => '/collaboration/check-email',
    body: () => ({ email: 'someone@partner.test' }),
  },
  {
    method: 'POST',
    url: '/collaboration',
    path: () => '/collaboration',
    body: () => ({ collab_type: 'provider', email: 'someone@partner.test' }),
  },
  {
    method: 'POST',
    url: '/collaboration/create-multiple',
    path: () => '/collaboration/create-multiple',
    body: () => ({ collab_type: 'provider', new_collaborations: [{ email: 'someone@partner.test' }] }),
  },
  {
    method: 'PUT',
    url: '/collaboration/:id',
    path: (i) => `/collaboration/${i.collaboration}`,
    body: () => ({ access_type: 'limited' }),
  },
  {
    method: 'PUT',
    url: '/collaboration/:id/workspaces',
    path: (i) => `/collaboration/${i.collaboration}/workspaces`,
    body: () => ({ workspace_ids: [] }),
  },
  {
    method: 'POST',
    url: '/collaboration/:id/workspaces/add',
    path: (i) => `/collaboration/${i.collaboration}/workspaces/add`,
    body: (i) => ({ workspace_ids: [i.workspace] }),
  },
  {
    method: 'PUT',
    url: '/collaboration/:id/workspaces/remove_access',
    path: (i) => `/collaboration/${i.collaboration}/workspaces/remove_access`,
    body: (i) => ({ workspace_ids: [i.workspace] }),
  },
  {
    method: 'POST',
    url: '/collaboration/:collabId/workspaces/:workspaceId/sync_users',
    path: (i) => `/collaboration/${i.collaboration}/workspaces/${i.workspace}/sync_users`,
    body: () => ({ members: [] }),
  },
  {
    method: 'POST',
    url: '/collaboration/:id/reinvite',
    path: (i) => `/collaboration/${i.collaboration}/reinvite`,
  },
  { method: 'DELETE', url: '/collaboration/:id', path: (i) => `/collaboration/${i.collaboration}` },
  // Categories: admins only (packages/domain canManageCategories)
  { method: 'POST', url: '/category', path: () => '/category', body: () => ({ name: 'Roofing' }) },
  {
    method: 'PUT',
    url: '/category/:id',
    path: (i) => `/category/${i.category}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/category/:id', path: (i) => `/category/${i.category}` },
  // Text templates: admins and workspace managers (canManageTextTemplates)
  {
    method: 'POST',
    url: '/text-templates',
    path: () => '/text-templates',
    body: () => ({ text: 'Checked and cleaned.' }),
  },
  {
    method: 'PUT',
    url: '/text-templates/:id',
    path: (i) => `/text-templates/${i.textTemplate}`,
    body: () => ({ text: 'Rewritten.' }),
  },
  { method: 'DELETE', url: '/text-templates/:id', path: (i) => `/text-templates/${i.textTemplate}` },
  // Checklists of an issue the member only sees (can_edit is false), and template management
  // (admins and workspace managers: canManageChecklistTemplates).
  {
    method: 'POST',
    url: '/issue/:id/checklists',
    path: (i) => `/issue/${i.issue}/checklists`,
    body: () => ({ title: 'Mine now' }),
  },
  {
    method: 'PUT',
    url: '/issue/:id/checklists/:checklistId',
    path: (i) => `/issue/${i.issue}/checklists/${i.checklist}`,
    body: () => ({ title: 'Renamed' }),
  },
  {
    method: 'DELETE',
    url: '/issue/:id/checklists/:checklistId',
    path: (i) => `/issue/${i.issue}/checklists/${i.checklist}`,
  },
  {
    method: 'POST',
    url: '/issue/:id/checklist/:checklistId/items',
    path: (i) => `/issue/${i.issue}/checklist/${i.checklist}/items`,
    body: () => ({ title: 'Another step' }),
  },
  {
    method: 'PUT',
    url: '/issue/:id/checklist/:checklistId/items/:itemId',
    path: (i) => `/issue/${i.issue}/checklist/${i.checklist}/items/${i.checklistItem}`,
    body: () => ({ status_id: 2 }),
  },
  {
    method: 'DELETE',
    url: '/issue/:id/checklist/:checklistId/items/:itemId',
    path: (i) => `/issue/${i.issue}/checklist/${i.checklist}/items/${i.checklistItem}`,
  },
  {
    method: 'POST',
    url: '/convert-checklist-item-to-issue-or-subtask/:checklistItemId',
    path: (i) => `/convert-checklist-item-to-issue-or-subtask/${i.checklistItem}`,
    body: () => ({ type: 'subtask' }),
  },
  {
    method: 'POST',
    url: '/issue/:id/assign-checklist-from-template/:checklistTemplateId',
    path: (i) => `/issue/${i.issue}/assign-checklist-from-template/${i.checklistTemplate}`,
  },
  {
    method: 'POST',
    url: '/checklist-templates/save-checklist-as-template/:id',
    path: (i) => `/checklist-templates/save-checklist-as-template/${i.checklist}`,
  },
  {
    method: 'POST',
    url: '/checklist-templates',
    path: () => '/checklist-templates',
    body: () => ({ name: 'Mine', items: [{ title: 'Step' }] }),
  },
  {
    method: 'PUT',
    url: '/checklist-templates/:id',
    path: (i) => `/checklist-templates/${i.checklistTemplate}`,
    body: () => ({ name: 'Renamed' }),
  },
  {
    method: 'DELETE',
    url: '/checklist-templates/:id',
    path: (i) => `/checklist-templates/${i.checklistTemplate}`,
  },
  // Assets the member sees but does not manage (001 §6), their groups, systems (admins only)
  // and regulatory files, and the systems shared with a partner (admins only).
  {
    method: 'PUT',
    url: '/asset/:id',
    path: (i) => `/asset/${i.asset}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/asset/:id', path: (i) => `/asset/${i.asset}` },
  {
    method: 'DELETE',
    url: '/asset/:id/picture/:pictureId',
    path: (i) => `/asset/${i.asset}/picture/${i.assetPicture}`,
  },
  {
    method: 'POST',
    url: '/asset/:id/qr_code/regenerate',
    path: (i) => `/asset/${i.asset}/qr_code/regenerate`,
  },
  {
    method: 'PUT',
    url: '/asset/regulatory/:id',
    path: (i) => `/asset/regulatory/${i.regulatoryFile}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/asset/regulatory/:id', path: (i) => `/asset/regulatory/${i.regulatoryFile}` },
  {
    method: 'PUT',
    url: '/asset/group/:id',
    path: (i) => `/asset/group/${i.assetGroup}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/asset/group/:id', path: (i) => `/asset/group/${i.assetGroup}` },
  {
    method: 'POST',
    url: '/asset/group/:id/add',
    path: (i) => `/asset/group/${i.assetGroup}/add`,
    body: (i) => ({ asset_ids: [i.asset] }),
  },
  {
    method: 'POST',
    url: '/asset/group/:id/remove',
    path: (i) => `/asset/group/${i.assetGroup}/remove`,
    body: (i) => ({ asset_ids: [i.asset] }),
  },
  {
    method: 'PUT',
    url: '/asset/system/:id',
    path: (i) => `/asset/system/${i.assetSystem}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/asset/system/:id', path: (i) => `/asset/system/${i.assetSystem}` },
  {
    method: 'PUT',
    url: '/collaboration/:id/asset-systems',
    path: (i) => `/collaboration/${i.collaboration}/asset-systems`,
    body: (i) => ({ system_ids: [i.assetSystem] }),
  },
  {
    method: 'PUT',
    url: '/collaboration/:id/asset-systems/remove_access',
    path: (i) => `/collaboration/${i.collaboration}/asset-systems/remove_access`,
    body: (i) => ({ system_ids: [i.assetSystem] }),
  },
  // Equipment items the member sees but does not manage (001 §6); adding or copying one is
  // can_create_equipment (admins and managers of the workspace).
  {
    method: 'POST',
    url: '/equipment',
    path: () => '/equipment',
    body: (i) => ({ title: 'Mine', workspace_id: i.workspace, type_id: i.equipmentType }),
  },
  {
    method: 'PUT',
    url: '/equipment/:id',
    path: (i) => `/equipment/${i.equipment}`,
    body: () => ({ title: 'Renamed' }),
  },
  { method: 'DELETE', url: '/equipment/:id', path: (i) => `/equipment/${i.equipment}` },
  {
    method: 'DELETE',
    url: '/equipment/:id/picture/:pictureId',
    path: (i) => `/equipment/${i.equipment}/picture/${i.equipmentPicture}`,
  },
  { method: 'POST', url: '/equipment/duplicate/:id', path: (i) => `/equipment/duplicate/${i.equipment}` },
  // Schedules: admins and managers of the workspace change them; only the assignee decides.
  {
    method: 'POST',
    url: '/schedule/:id',
    path: (i) => `/schedule/${i.schedule}`,
    body: () => ({ title: 'Renamed schedule' }),
  },
  {
    method: 'PUT',
    url: '/schedule/:id',
    path: (i) => `/schedule/${i.schedule}`,
    body: () => ({ archived: true }),
  },
  { method: 'DELETE', url: '/schedule/:id', path: (i) => `/schedule/${i.schedule}` },
  { method: 'POST', url: '/schedule/:id/duplicate', path: (i) => `/schedule/${i.schedule}/duplicate` },
  { method: 'POST', url: '/schedule/:id/pause', path: (i) => `/schedule/${i.schedule}/pause` },
  { method: 'POST', url: '/schedule/:id/unpause', path: (i) => `/schedule/${i.schedule}/unpause` },
  {
    method: 'PUT',
    url: '/schedule/:id/assignee_decision',
    path: (i) => `/schedule/${i.schedule}/assignee_decision`,
    body: () => ({ status_id: 5 }),
  },
  {
    method: 'POST',
    url: '/schedule/:id/set_budget',
    path: (i) => `/schedule/${i.schedule}/set_budget`,
    body: () => ({ year: 2030, planned_amount: 100, planned_hours: 10 }),
  },
  {
    method: 'POST',
    url: '/schedule/:id/set_time_limits',
    path: (i) => `/schedule/${i.schedule}/set_time_limits`,
    body: () => ({ completion: { value: 2, unit: 'hours' } }),
  },
  {
    method: 'POST',
    url: '/schedule/:id/equipments',
    path: (i) => `/schedule/${i.schedule}/equipments`,
    body: (i) => ({ equipment_ids: [i.equipment] }),
  },
  // The calendar: preparing a schedule's future task now is the schedule's editors' (as above).
  {
    method: 'PUT',
    url: '/scheduled_tasks/:id',
    path: (i) => `/scheduled_tasks/${i.scheduledTask}`,
    body: () => ({ title: 'Prepared early' }),
  },
  // Equipment types, external holders and groups: admins and workspace managers (equipment-set-rules).
  { method: 'POST', url: '/equipment/type', path: () => '/equipment/type', body: () => ({ name: 'Mine' }) },
  {
    method: 'PUT',
    url: '/equipment/type/:id',
    path: (i) => `/equipment/type/${i.equipmentType}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/equipment/type/:id', path: (i) => `/equipment/type/${i.equipmentType}` },
  {
    method: 'POST',
    url: '/equipment/external_holder',
    path: () => '/equipment/external_holder',
    body: () => ({ full_name: 'Mine' }),
  },
  {
    method: 'PUT',
    url: '/equipment/external_holder/:id',
    path: (i) => `/equipment/external_holder/${i.externalHolder}`,
    body: () => ({ full_name: 'Renamed' }),
  },
  {
    method: 'DELETE',
    url: '/equipment/external_holder/:id',
    path: (i) => `/equipment/external_holder/${i.externalHolder}`,
  },
  { method: 'POST', url: '/equipment/group', path: () => '/equipment/group', body: () => ({ name: 'Mine' }) },
  {
    method: 'PUT',
    url: '/equipment/group/:id',
    path: (i) => `/equipment/group/${i.equipmentGroup}`,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: '/equipment/group/:id', path: (i) => `/equipment/group/${i.equipmentGroup}` },
  {
    method: 'POST',
    url: '/equipment/group/:id/ungroup',
    path: (i) => `/equipment/group/${i.equipmentGroup}/ungroup`,
  },
  {
    method: 'POST',
    url: '/equipment/group/:groupId/:action',
    path: (i) => `/equipment/group/${i.equipmentGroup}/archive`,
  },
  // Equipment bookings: a member books for themselves only, changes only their own bookings, and
  // managers decide requests (equipment-booking-routes; canChangeBooking, canManageEquipment).
  {
    method: 'POST',
    url: '/equipment/:id/handout',
    path: (i) => `/equipment/${i.bookedEquipment}/handout`,
    body: (i) => ({ holder_id: i.otherUser, return_at: day(1) }),
  },
  {
    method: 'PUT',
    url: '/equipment/:id/handout/:handoutId',
    path: (i) => `/equipment/${i.bookedEquipment}/handout/${i.equipmentHandout}`,
    body: () => ({ return_at: day(2) }),
  },
  {
    method: 'POST',
    url: '/equipment/:equipmentId/handout/:handoutId/:action',
    path: (i) => `/equipment/${i.bookedEquipment}/handout/${i.equipmentHandout}/decline`,
  },
  {
    method: 'POST',
    url: '/equipment/:id/reservation',
    path: (i) => `/equipment/${i.bookedEquipment}/reservation`,
    body: (i) => ({ holder_id: i.otherUser, reservation_start_date: day(20), return_at: day(21) }),
  },
  {
    method: 'PUT',
    url: '/equipment/:id/reservation/:reservationId',
    path: (i) => `/equipment/${i.bookedEquipment}/reservation/${i.equipmentReservation}`,
    body: () => ({ return_at: day(12) }),
  },
  {
    method: 'DELETE',
    url: '/equipment/:id/reservation/:reservationId',
    path: (i) => `/equipment/${i.bookedEquipment}/reservation/${i.equipmentReservation}`,
  },
  {
    method: 'POST',
    url: '/equipment/reservation/:id/buffer_accept',
    path: (i) => `/equipment/reservation/${i.equipmentReservation}/buffer_accept`,
  },
  {
    method: 'POST',
    url: '/equipment/reservation/:id/buffer_decline',
    path: (i) => `/equipment/reservation/${i.equipmentReservation}/buffer_decline`,
  },
  {
    method: 'POST',
    url: '/equipment/group/:id/handout',
    path: (i) => `/equipment/group/${i.bookingGroup}/handout`,
    body: (i) => ({ holder_id: i.otherUser, return_at: day(1) }),
  },
  {
    method: 'PUT',
    url: '/equipment/group/:id/handout',
    path: (i) => `/equipment/group/${i.bookingGroup}/handout`,
    body: () => ({ return_at: day(2) }),
  },
  {
    method: 'POST',
    url: '/equipment/group/:id/reservation',
    path: (i) => `/equipment/group/${i.bookingGroup}/reservation`,
    body: (i) => ({ holder_id: i.otherUser, reservation_start_date: day(20), return_at: day(21) }),
  },
  {
    method: 'PUT',
    url: '/equipment/group/:id/reservation/:reservationId',
    path: (i) => `/equipment/group/${i.bookingGroup}/reservation/${i.equipmentReservation}`,
    body: () => ({ return_at: day(12) }),
  },
  {
    method: 'DELETE',
    url: '/equipment/group/:id/reservation/:reservationId',
    path: (i) => `/equipment/group/${i.bookingGroup}/reservation/${i.equipmentReservation}`,
  },
  // A workspace's lease (issue 21): admins and its managers change it, a member may not.
  {
    method: 'PUT',
    url: '/workspace/:id/lease',
    path: (i) => `/workspace/${i.workspace}/lease`,
    body: () => ({ landlord_name: 'Someone else', start_date: '2026-01-01' }),
  },
  { method: 'DELETE', url: '/workspace/:id/lease', path: (i) => `/workspace/${i.workspace}/lease` },
  // Dynamic forms (issue 22): admins design; the issue's and the schedule's editors fill (a member
  // neither made, works on nor manages them).
  {
    method: 'POST',
    url: '/workspace/:id/form',
    path: (i) => `/workspace/${i.workspace}/form`,
    body: () => ({ fields: [{ key: 'a', kind: 'text', label: { en: 'A' } }] }),
  },
  {
    method: 'POST',
    url: '/forms/issue/:issueId/store',
    path: (i) => `/forms/issue/${i.issue}/store`,
    body: () => ({ form: {} }),
  },
  {
    method: 'PUT',
    url: '/forms/issue_form/:formId',
    path: (i) => `/forms/issue_form/${i.issueForm}`,
    body: () => ({ form: {} }),
  },
  { method: 'DELETE', url: '/forms/issue_form/:formId', path: (i) => `/forms/issue_form/${i.issueForm}` },
  {
    method: 'POST',
    url: '/forms/schedule/:scheduleId/store',
    path: (i) => `/forms/schedule/${i.schedule}/store`,
    body: () => ({ form: {} }),
  },
  {
    method: 'PUT',
    url: '/forms/schedule_form/:formId',
    path: (i) => `/forms/schedule_form/${i.scheduleForm}`,
    body: () => ({ form: {} }),
  },
  {
    method: 'DELETE',
    url: '/forms/schedule_form/:formId',
    path: (i) => `/forms/schedule_form/${i.scheduleForm}`,
  },
  {
    method: 'DELETE',
    url: '/workspace/:id/lease/files/:fileId',
    path: (i) => `/workspace/${i.workspace}/lease/files/${i.leaseFile}`,
  },
];

/** Write routes with ids that a member may call on what they can see (their own things). */
const MEMBERS_MAY = new Set([
  'POST /workspace/:id/favorite',
  'DELETE /workspace/:id/favorite',
  'POST /workspace/:id/presence',
  // Their own profile (another person's: refused above) and own picture.
  'POST /user/:id',
  // Issues: what a member may do depends on the issue (their own, assigned to them, watched), so
  // each is allowed on some issue; refusals per role are proven in test/issues-*.test.ts.
  'PUT /issue/:id', // the assignee, or the creator while the issue is to do
  'DELETE /issue/:id', // the creator while the issue is 1 or 2 and untouched
  'POST /issue/:id/status', // the assignee's buttons: accept, decline, start, mark done
  'POST /issue/:id/takeover', // when member_can_take_over_issue is on
  'POST /issue/:id/duplicate', // whoever sees the issue (000 §6 default allowed)
  'POST /issue/:id/comments', // whoever sees the issue
  'POST /issue/:id/attachment_comment', // whoever may comment, when attachment comments are on
  'PUT /issue/:id/watchers', // the assignee or the creator (can_edit)
  'POST /issue/:id/links', // as above
  'DELETE /issue/:id/links/:linkId', // as above
  'POST /issue/:id/timer', // the assignee in progress or in review
  'POST /issue/:id/worktime-logs', // as above
  // Saved filters: everyone manages their own; another person's answers 404 (test/filters.test.ts).
  'PUT /filters/:id',
  'DELETE /filters/:id',
  'POST /filters/duplicate/:id',
  // Returns: without is_equipment_return_strict (the default) anyone who sees the item confirms
  // it (test/equipment-handouts.test.ts proves the strict refusal).
  'DELETE /equipment/:id/handout/:handoutId',
  'POST /equipment/group/:id/return',
  // Notifications: everyone marks their own; another person's answers 404 (test/notifications-api.test.ts).
  'PUT /notification/:id/mark_unread',
  // Location requests: the asked person answers their own (test/location-requests.test.ts).
  'POST /location_request/:id/answer',
  // Machine translation: whoever sees the issue or workspace (test/translation.test.ts).
  'POST /translate/issue/:issueId',
  'POST /translate/workspace/:workspaceId',
  // Sessions: everyone signs out their own; another person's answers 404 (test/sessions.test.ts).
  'DELETE /auth/sessions/:id',
]);

/** Uploads are multipart; their refusal is covered in the feature tests. */
const MULTIPART = new Set([
  'POST /workspace/:id/upload',
  'POST /collaboration/:id/upload',
  'POST /issue/:id/checklist/:checklistId/items/:itemId/upload',
  'POST /asset/:id/upload',
  'POST /asset/:id/regulatory',
  'POST /equipment/:id/upload',
  'POST /workspace/:id/lease/files',
  'POST /client/:id/logo',
]);

async function snapshot(): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('user_tokens', 'login_attempts') AND table_name NOT LIKE 'kysely_%'`.execute(
    server.db,
  );
  const parts: string[] = [];
  for (const { name } of rows.sort((a, b) => a.name.localeCompare(b.name))) {
    const { rows: digest } = await sql<{ d: string }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM ${sql.table(name)} AS t`.execute(
      server.db,
    );
    parts.push(`${name}:${digest[0]?.d}`);
  }
  return parts.join('\n');
}

describe('a plain member', () => {
  it('is refused every admin or manager action, and nothing changes', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const workspace = await addWorkspace(server.db, org.id, 'Site');
    await addWorkspaceRole(server.db, member, workspace, 'member');
    const partner = await createTeam(server.db);
    const { id: collaboration } = await server.db
      .insertInto('collaborations')
      .values({
        client_id: org.id,
        partner_client_id: partner.org.id,
        type: 'provider',
        access_type: 'full',
        invitation_status: 'pending',
        invited_email: partner.admin.email,
        company_alias: null,
        invited_by: admin.id,
        invitee_user_id: partner.admin.id,
        logo: null,
        responded_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: jobPosition } = await server.db
      .insertInto('job_positions')
      .values({ client_id: org.id, name: 'Technician' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: issue } = await server.db
      .insertInto('issues')
      .values({
        client_id: org.id,
        workspace_id: workspace,
        parent_id: null,
        title: 'Replace the pump',
        description: null,
        status_id: 8,
        category_id: null,
        assignee_id: admin.id,
        last_assignee_id: admin.id,
        created_by: admin.id,
        external_email_address: null,
        start_date: null,
        due_date: null,
        schedule_id: null,
        asset_id: null,
        asset_group_id: null,
        process_number: null,
        rating: null,
        translations: '{}',
        started_at: null,
        completed_at: new Date(),
        archived_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: category } = await server.db
      .insertInto('categories')
      .values({ client_id: org.id, name: 'Plumbing', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: textTemplate } = await server.db
      .insertInto('text_templates')
      .values({ client_id: org.id, text: 'Replaced the seal.', category_id: category, created_by: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: checklist } = await server.db
      .insertInto('checklists')
      .values({ client_id: org.id, issue_id: issue, title: 'Handover', position: 0, created_by: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: checklistItem } = await server.db
      .insertInto('checklist_items')
      .values({
        client_id: org.id,
        checklist_id: checklist,
        title: 'Close the valve',
        description: null,
        status_id: 1,
        position: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: checklistTemplate } = await server.db
      .insertInto('checklist_templates')
      .values({ client_id: org.id, name: 'Handover', category_id: null, created_by: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const assetSystem = await createAssetSystem(server.db, { clientId: org.id });
    const assetGroup = await createAssetGroup(server.db, { clientId: org.id, workspaceId: workspace });
    const asset = await createAsset(server.db, {
      client_id: org.id,
      workspace_id: workspace,
      group_id: assetGroup,
      system_id: assetSystem,
    });
    const assetPicture = await createAssetPicture(server.db, { clientId: org.id, assetId: asset.id });
    const regulatoryFile = await createRegulatoryFile(server.db, { clientId: org.id, assetIds: [asset.id] });
    const schedule = await createSchedule(server, {
      clientId: org.id,
      workspaceId: workspace,
      assignee_id: admin.id,
      assetIds: [asset.id],
    });
    const equipmentType = await createEquipmentType(server.db, {
      client_id: org.id,
      workspace_id: workspace,
    });
    const externalHolder = await createExternalHolder(server.db, { clientId: org.id });
    const equipmentGroup = await createEquipmentGroup(server.db, {
      clientId: org.id,
      workspaceId: workspace,
    });
    const equipment = await createEquipment(server.db, { client_id: org.id, workspace_id: workspace });
    const equipmentPicture = await createEquipmentPicture(server.db, {
      clientId: org.id,
      equipmentId: equipment.id,
    });
    const bookingGroup = await createEquipmentGroup(server.db, { clientId: org.id, workspaceId: workspace });
    const booked = await createEquipment(server.db, {
      client_id: org.id,
      workspace_id: workspace,
      group_id: bookingGroup,
    });
    const equipmentHandout = await createEquipmentBooking(server.db, {
      client_id: org.id,
      equipment_id: booked.id,
      group_id: bookingGroup,
      kind: 'handout',
      starts_on: day(0),
      ends_on: day(1),
      holder_user_id: admin.id,
    });
    const equipmentReservation = await createEquipmentBooking(server.db, {
      client_id: org.id,
      equipment_id: booked.id,
      group_id: bookingGroup,
      kind: 'reservation',
      state: 'pending',
      starts_on: day(10),
      ends_on: day(11),
      holder_user_id: admin.id,
    });
    const ids: Ids = {
      workspace,
      otherUser: admin.id,
      collaboration,
      client: org.id,
      jobPosition,
      issue,
      category,
      textTemplate,
      checklist,
      checklistItem,
      checklistTemplate,
      asset: asset.id,
      assetPicture,
      assetGroup,
      assetSystem,
      regulatoryFile,
      schedule,
      scheduledTask: '',
      equipmentType,
      externalHolder,
      equipmentGroup,
      equipment: equipment.id,
      equipmentPicture,
      bookingGroup,
      bookedEquipment: booked.id,
      equipmentHandout,
      equipmentReservation,
      leaseFile: await createLeaseFile(server.db, { clientId: org.id, workspaceId: workspace }),
      ...(await (async () => {
        const form = {
          definition: JSON.stringify({ title: {}, fields: [] }),
          answers: '{}',
          created_by: null,
          updated_by: null,
        };
        const issueForm = await server.db
          .insertInto('issue_forms')
          .values({ client_id: org.id, issue_id: issue, ...form })
          .returning('id')
          .executeTakeFirstOrThrow();
        const scheduleForm = await server.db
          .insertInto('schedule_forms')
          .values({ client_id: org.id, schedule_id: schedule, ...form })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { issueForm: issueForm.id, scheduleForm: scheduleForm.id };
      })()),
    };
    const token = await login(server, member);
    // The member sees the schedule, so its preview names a real future task to try.
    const preview = await server.call('GET', `${API_PREFIX}/schedule/future_preview/${schedule}`, { token });
    ids.scheduledTask = (preview.body as { data: Array<{ key: string }> }).data[0]?.key ?? '';
    expect(ids.scheduledTask).toMatch(/^\d+:\d+:\d+$/);

    const before = await snapshot();
    const answers: string[] = [];
    for (const r of REFUSED) {
      const res = await server.call(r.method, `${API_PREFIX}${r.path(ids)}`, {
        token,
        ...(r.body ? { body: r.body(ids) } : r.method === 'POST' || r.method === 'PUT' ? { body: {} } : {}),
      });
      if (res.status !== 403)
        answers.push(`${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(answers).toEqual([]);
    expect(await snapshot()).toEqual(before);
    console.info(`member refusals: ${REFUSED.length} admin/manager actions refused`);
  });

  it('every write route with an id is classified here', () => {
    const known = new Set([...REFUSED.map((r) => `${r.method} ${r.url}`), ...MEMBERS_MAY, ...MULTIPART]);
    const unclassified = server.routes
      .filter(
        (r) => r.url.startsWith(`${API_PREFIX}/`) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
      )
      .filter((r) => Object.values(r.config.ids ?? {}).some((kind) => kind !== 'token'))
      .map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`)
      .filter((r) => !known.has(r));
    expect(unclassified).toEqual([]);
    // And every refusal listed is a real route (a renamed route must not leave a dead entry).
    const routes = new Set(server.routes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`));
    expect(REFUSED.map((r) => `${r.method} ${r.url}`).filter((r) => !routes.has(r))).toEqual([]);
  });
});
