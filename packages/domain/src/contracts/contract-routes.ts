// Generated from the contracts by src/contracts/contract-routes.test.ts
// (`npm run contracts -w @workbench/domain`); do not edit. What the web client reads of each
// contract at run time, typed as the full contract: the schemas are the server’s alone.
import type { assetContracts as assetContractsType } from '../assets/asset-contracts.js';
import type { attachmentContracts as attachmentContractsType } from '../attachments/attachment-contracts.js';
import type { authContracts as authContractsType } from '../auth/auth-contracts.js';
import type { calendarContracts as calendarContractsType } from '../calendar/calendar-contracts.js';
import type { calendarFeedContracts as calendarFeedContractsType } from '../calendar/calendar-feed-contracts.js';
import type { categoryContracts as categoryContractsType } from '../categories/category-contracts.js';
import type { checklistContracts as checklistContractsType } from '../checklists/checklist-contracts.js';
import type { checklistTemplateContracts as checklistTemplateContractsType } from '../checklists/checklist-contracts.js';
import type { clientContracts as clientContractsType } from '../client/client-contracts.js';
import type { collaborationAssetSystemContracts as collaborationAssetSystemContractsType } from '../assets/asset-contracts.js';
import type { collaborationContracts as collaborationContractsType } from '../collaborations/collaboration-contracts.js';
import type { configContracts as configContractsType } from '../client/client-contracts.js';
import type { dashboardContracts as dashboardContractsType } from '../dashboard/dashboard-contracts.js';
import type { dynamicFormContracts as dynamicFormContractsType } from '../dynamic-forms/dynamic-form-contracts.js';
import type { equipmentBookingContracts as equipmentBookingContractsType } from '../equipment/equipment-contracts.js';
import type { equipmentContracts as equipmentContractsType } from '../equipment/equipment-contracts.js';
import type { equipmentGroupContracts as equipmentGroupContractsType } from '../equipment/equipment-contracts.js';
import type { equipmentTypeContracts as equipmentTypeContractsType } from '../equipment/equipment-contracts.js';
import type { externalHolderContracts as externalHolderContractsType } from '../equipment/equipment-contracts.js';
import type { geocodeContracts as geocodeContractsType } from '../location/location-contracts.js';
import type { issueActionContracts as issueActionContractsType } from '../issues/issue-action-contracts.js';
import type { issueContracts as issueContractsType } from '../issues/issue-contracts.js';
import type { issueDetailContracts as issueDetailContractsType } from '../issues/issue-detail-contracts.js';
import type { issueReportContracts as issueReportContractsType } from '../issue-report/issue-report-contracts.js';
import type { liveContracts as liveContractsType } from '../notifications/notification-contracts.js';
import type { locationRequestContracts as locationRequestContractsType } from '../location-requests/location-request-contracts.js';
import type { myOrganisationContracts as myOrganisationContractsType } from '../organisations/my-organisation-contracts.js';
import type { notificationContracts as notificationContractsType } from '../notifications/notification-contracts.js';
import type { odooContracts as odooContractsType } from '../integrations/odoo-contracts.js';
import type { publicEquipmentContracts as publicEquipmentContractsType } from '../equipment/equipment-contracts.js';
import type { publicFormContracts as publicFormContractsType } from '../public-area/public-contracts.js';
import type { publicIssueContracts as publicIssueContractsType } from '../public-area/public-contracts.js';
import type { publicReportStaffContracts as publicReportStaffContractsType } from '../public-area/public-contracts.js';
import type { qrScanContracts as qrScanContractsType } from '../qr-scan/qr-scan-contracts.js';
import type { savedFilterContracts as savedFilterContractsType } from '../filters/saved-filter-contracts.js';
import type { scheduleContracts as scheduleContractsType } from '../schedules/schedule-contracts.js';
import type { sessionContracts as sessionContractsType } from '../auth/session-contracts.js';
import type { systemContracts as systemContractsType } from '../system/system-contracts.js';
import type { textTemplateContracts as textTemplateContractsType } from '../templates/text-template-contracts.js';
import type { translationContracts as translationContractsType } from '../translation/translation-contracts.js';
import type { userContracts as userContractsType } from '../users/user-contracts.js';
import type { workspaceContracts as workspaceContractsType } from '../workspaces/workspace-contracts.js';
import type { workspaceInfoContracts as workspaceInfoContractsType } from '../workspace-info/workspace-info-contracts.js';

export const assetContracts = {
  list: { method: 'GET', path: '/asset', caller: 'user' },
  filterOptions: { method: 'GET', path: '/asset/filter_options', caller: 'user' },
  create: { method: 'POST', path: '/asset', caller: 'user' },
  get: { method: 'GET', path: '/asset/:id', caller: 'user' },
  update: { method: 'PUT', path: '/asset/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/asset/:id', caller: 'user' },
  multiDelete: { method: 'DELETE', path: '/asset/multi_delete', caller: 'user' },
  multiArchive: { method: 'PUT', path: '/asset/multi_archive', caller: 'user' },
  upload: { method: 'POST', path: '/asset/:id/upload', caller: 'user', multipart: true },
  removePicture: { method: 'DELETE', path: '/asset/:id/picture/:pictureId', caller: 'user' },
  qrCode: { method: 'GET', path: '/asset/:id/qr_code', caller: 'user' },
  regenerateQrCode: { method: 'POST', path: '/asset/:id/qr_code/regenerate', caller: 'user' },
  activityLog: { method: 'GET', path: '/asset/:id/activity_log', caller: 'user' },
  issues: { method: 'GET', path: '/asset/:id/issues', caller: 'user' },
  tasks: { method: 'GET', path: '/asset/:id/tasks', caller: 'user' },
  schedules: { method: 'GET', path: '/asset/:id/schedules', caller: 'user' },
  regulatoryList: { method: 'GET', path: '/asset/:id/regulatory', caller: 'user' },
  regulatoryUpload: { method: 'POST', path: '/asset/:id/regulatory', caller: 'user', multipart: true },
  regulatoryUploadGlobal: { method: 'POST', path: '/asset/regulatory', caller: 'user', multipart: true },
  regulatoryGet: { method: 'GET', path: '/asset/regulatory/:id', caller: 'user' },
  regulatoryUpdate: { method: 'PUT', path: '/asset/regulatory/:id', caller: 'user' },
  regulatoryRemove: { method: 'DELETE', path: '/asset/regulatory/:id', caller: 'user' },
  groupList: { method: 'GET', path: '/asset/group', caller: 'user' },
  groupCreate: { method: 'POST', path: '/asset/group', caller: 'user' },
  groupSameWorkspace: { method: 'POST', path: '/asset/group/same_ws', caller: 'user' },
  groupGet: { method: 'GET', path: '/asset/group/:id', caller: 'user' },
  groupUpdate: { method: 'PUT', path: '/asset/group/:id', caller: 'user' },
  groupRemove: { method: 'DELETE', path: '/asset/group/:id', caller: 'user' },
  groupAdd: { method: 'POST', path: '/asset/group/:id/add', caller: 'user' },
  groupRemoveAssets: { method: 'POST', path: '/asset/group/:id/remove', caller: 'user' },
  systemList: { method: 'GET', path: '/asset/system', caller: 'user' },
  systemCreate: { method: 'POST', path: '/asset/system', caller: 'admin' },
  systemGet: { method: 'GET', path: '/asset/system/:id', caller: 'user' },
  systemUpdate: { method: 'PUT', path: '/asset/system/:id', caller: 'admin' },
  systemRemove: { method: 'DELETE', path: '/asset/system/:id', caller: 'admin' },
} as unknown as typeof assetContractsType;

export const attachmentContracts = {
  upload: { method: 'POST', path: '/issue/:id/upload', caller: 'user', multipart: true },
  saveIssueWithGallery: { method: 'POST', path: '/issue/:id', caller: 'user', multipart: true },
  listComments: { method: 'GET', path: '/issue/:id/attachment_comment', caller: 'user' },
  addComment: { method: 'POST', path: '/issue/:id/attachment_comment', caller: 'user' },
} as unknown as typeof attachmentContractsType;

export const authContracts = {
  login: { method: 'POST', path: '/auth/login', caller: 'public' },
  signup: { method: 'POST', path: '/auth/signup', caller: 'public' },
  forgotPassword: { method: 'POST', path: '/auth/forgot_password', caller: 'public' },
  resetPassword: { method: 'POST', path: '/auth/reset_password', caller: 'public' },
  loginLink: { method: 'POST', path: '/auth/login_link', caller: 'public' },
  tokenLogin: { method: 'POST', path: '/auth/tokenlogin', caller: 'public' },
  activate: { method: 'POST', path: '/users/activate', caller: 'public' },
  changePassword: { method: 'POST', path: '/auth/change_password', caller: 'user' },
  logout: { method: 'POST', path: '/auth/logout', caller: 'user' },
} as unknown as typeof authContractsType;

export const calendarContracts = {
  users: { method: 'GET', path: '/calendar/users', caller: 'user' },
  workspaces: { method: 'GET', path: '/calendar/workspaces', caller: 'user' },
  fullDays: { method: 'GET', path: '/calendar/weekly/full_days', caller: 'user' },
  usersCount: { method: 'GET', path: '/calendar/weekly/users_count', caller: 'user' },
  workspacesCount: { method: 'GET', path: '/calendar/weekly/workspaces_count', caller: 'user' },
  unscheduled: { method: 'GET', path: '/calendar/unscheduled', caller: 'user' },
  overdue: { method: 'GET', path: '/calendar/overdue', caller: 'user' },
  yearly: { method: 'GET', path: '/calendar/yearly', caller: 'user' },
  yearlyEvents: { method: 'GET', path: '/calendar/yearly/events', caller: 'user' },
  yearlyExport: { method: 'GET', path: '/calendar/yearly/export', caller: 'user' },
  yearlyExportPost: { method: 'POST', path: '/calendar/yearly/export', caller: 'user' },
  scheduledTask: { method: 'GET', path: '/scheduled_tasks/:id', caller: 'user' },
  updateScheduledTask: { method: 'PUT', path: '/scheduled_tasks/:id', caller: 'user' },
  userPositions: { method: 'GET', path: '/user_positions/fetch', caller: 'user' },
} as unknown as typeof calendarContractsType;

export const calendarFeedContracts = {
  get: { method: 'GET', path: '/calendar/feed', caller: 'user' },
  create: { method: 'POST', path: '/calendar/feed', caller: 'user' },
  remove: { method: 'DELETE', path: '/calendar/feed', caller: 'user' },
  feed: { method: 'GET', path: '/calendar/feed/:token', caller: 'public' },
} as unknown as typeof calendarFeedContractsType;

export const categoryContracts = {
  list: { method: 'GET', path: '/category/', caller: 'user' },
  create: { method: 'POST', path: '/category/', caller: 'admin' },
  update: { method: 'PUT', path: '/category/:id', caller: 'admin' },
  remove: { method: 'DELETE', path: '/category/:id', caller: 'admin' },
} as unknown as typeof categoryContractsType;

export const checklistContracts = {
  list: { method: 'GET', path: '/issue/:id/checklists', caller: 'user' },
  create: { method: 'POST', path: '/issue/:id/checklists', caller: 'user' },
  update: { method: 'PUT', path: '/issue/:id/checklists/:checklistId', caller: 'user' },
  remove: { method: 'DELETE', path: '/issue/:id/checklists/:checklistId', caller: 'user' },
  addItem: { method: 'POST', path: '/issue/:id/checklist/:checklistId/items', caller: 'user' },
  updateItem: { method: 'PUT', path: '/issue/:id/checklist/:checklistId/items/:itemId', caller: 'user' },
  removeItem: { method: 'DELETE', path: '/issue/:id/checklist/:checklistId/items/:itemId', caller: 'user' },
  uploadToItem: { method: 'POST', path: '/issue/:id/checklist/:checklistId/items/:itemId/upload', caller: 'user', multipart: true },
  convertItem: { method: 'POST', path: '/convert-checklist-item-to-issue-or-subtask/:checklistItemId', caller: 'user' },
  saveAsTemplate: { method: 'POST', path: '/checklist-templates/save-checklist-as-template/:id', caller: 'user' },
  assignTemplate: { method: 'POST', path: '/issue/:id/assign-checklist-from-template/:checklistTemplateId', caller: 'user' },
} as unknown as typeof checklistContractsType;

export const checklistTemplateContracts = {
  list: { method: 'GET', path: '/checklist-templates', caller: 'user' },
  create: { method: 'POST', path: '/checklist-templates', caller: 'user' },
  get: { method: 'GET', path: '/checklist-templates/:id', caller: 'user' },
  update: { method: 'PUT', path: '/checklist-templates/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/checklist-templates/:id', caller: 'user' },
} as unknown as typeof checklistTemplateContractsType;

export const clientContracts = {
  mine: { method: 'GET', path: '/user/client_info', caller: 'user' },
  get: { method: 'GET', path: '/client/:id', caller: 'user' },
  update: { method: 'PUT', path: '/client/:id', caller: 'admin' },
  uploadLogo: { method: 'POST', path: '/client/:id/logo', caller: 'admin', multipart: true },
  removeLogo: { method: 'DELETE', path: '/client/:id/logo', caller: 'admin' },
} as unknown as typeof clientContractsType;

export const collaborationAssetSystemContracts = {
  list: { method: 'GET', path: '/collaboration/:id/asset-systems', caller: 'user' },
  share: { method: 'PUT', path: '/collaboration/:id/asset-systems', caller: 'admin' },
  removeAccess: { method: 'PUT', path: '/collaboration/:id/asset-systems/remove_access', caller: 'admin' },
} as unknown as typeof collaborationAssetSystemContractsType;

export const collaborationContracts = {
  checkEmail: { method: 'POST', path: '/collaboration/check-email', caller: 'user' },
  create: { method: 'POST', path: '/collaboration', caller: 'user' },
  createMultiple: { method: 'POST', path: '/collaboration/create-multiple', caller: 'user' },
  list: { method: 'GET', path: '/collaboration', caller: 'user' },
  names: { method: 'GET', path: '/collaboration/list-names', caller: 'user' },
  simple: { method: 'GET', path: '/collaboration/simple', caller: 'user' },
  detail: { method: 'GET', path: '/collaboration/:id', caller: 'user' },
  workspaces: { method: 'GET', path: '/collaboration/:id/workspaces', caller: 'user' },
  users: { method: 'GET', path: '/collaboration/:id/users', caller: 'user' },
  update: { method: 'PUT', path: '/collaboration/:id', caller: 'user' },
  uploadLogo: { method: 'POST', path: '/collaboration/:id/upload', caller: 'user', multipart: true },
  replaceWorkspaces: { method: 'PUT', path: '/collaboration/:id/workspaces', caller: 'user' },
  addWorkspaces: { method: 'POST', path: '/collaboration/:id/workspaces/add', caller: 'user' },
  removeWorkspaces: { method: 'PUT', path: '/collaboration/:id/workspaces/remove_access', caller: 'user' },
  syncUsers: { method: 'POST', path: '/collaboration/:collabId/workspaces/:workspaceId/sync_users', caller: 'user' },
  reinvite: { method: 'POST', path: '/collaboration/:id/reinvite', caller: 'user' },
  remove: { method: 'DELETE', path: '/collaboration/:id', caller: 'user' },
  actionInfo: { method: 'GET', path: '/public/collaboration_action', caller: 'public' },
  answer: { method: 'POST', path: '/public/collaboration_action', caller: 'public' },
} as unknown as typeof collaborationContractsType;

export const configContracts = {
  get: { method: 'GET', path: '/config', caller: 'user' },
} as unknown as typeof configContractsType;

export const dashboardContracts = {
  statistics: { method: 'GET', path: '/dashboard/statistics', caller: 'user' },
  updateOnboarding: { method: 'PUT', path: '/user/me/onboarding', caller: 'user' },
  privacyConsent: { method: 'POST', path: '/user/me/privacy_consent', caller: 'user' },
} as unknown as typeof dashboardContractsType;

export const dynamicFormContracts = {
  saveWorkspaceForm: { method: 'POST', path: '/workspace/:id/form', caller: 'admin' },
  workspaceForm: { method: 'GET', path: '/workspace/:id/form', caller: 'user' },
  issueForm: { method: 'GET', path: '/forms/issue/:issueId', caller: 'user' },
  storeIssueForm: { method: 'POST', path: '/forms/issue/:issueId/store', caller: 'user' },
  updateIssueForm: { method: 'PUT', path: '/forms/issue_form/:formId', caller: 'user' },
  deleteIssueForm: { method: 'DELETE', path: '/forms/issue_form/:formId', caller: 'user' },
  scheduleForm: { method: 'GET', path: '/forms/schedule/:scheduleId', caller: 'user' },
  storeScheduleForm: { method: 'POST', path: '/forms/schedule/:scheduleId/store', caller: 'user' },
  updateScheduleForm: { method: 'PUT', path: '/forms/schedule_form/:formId', caller: 'user' },
  deleteScheduleForm: { method: 'DELETE', path: '/forms/schedule_form/:formId', caller: 'user' },
  uploadAttachments: { method: 'POST', path: '/forms/upload_attachments', caller: 'user', multipart: true },
} as unknown as typeof dynamicFormContractsType;

export const equipmentBookingContracts = {
  handouts: { method: 'GET', path: '/equipment/:id/handout', caller: 'user' },
  handout: { method: 'POST', path: '/equipment/:id/handout', caller: 'user' },
  updateHandout: { method: 'PUT', path: '/equipment/:id/handout/:handoutId', caller: 'user' },
  returnHandout: { method: 'DELETE', path: '/equipment/:id/handout/:handoutId', caller: 'user' },
  extend: { method: 'PUT', path: '/equipment/handout/extend', caller: 'user' },
  decideHandout: { method: 'POST', path: '/equipment/:equipmentId/handout/:handoutId/:action', caller: 'user' },
  mixHandout: { method: 'POST', path: '/equipment/multiple/mix_handout', caller: 'user' },
  reservations: { method: 'GET', path: '/equipment/:id/reservation', caller: 'user' },
  reserve: { method: 'POST', path: '/equipment/:id/reservation', caller: 'user' },
  updateReservation: { method: 'PUT', path: '/equipment/:id/reservation/:reservationId', caller: 'user' },
  cancelReservation: { method: 'DELETE', path: '/equipment/:id/reservation/:reservationId', caller: 'user' },
  pendingRequests: { method: 'GET', path: '/equipment/:id/pending_requests', caller: 'user' },
  bufferAccept: { method: 'POST', path: '/equipment/reservation/:id/buffer_accept', caller: 'user' },
  bufferDecline: { method: 'POST', path: '/equipment/reservation/:id/buffer_decline', caller: 'user' },
  multipleReservation: { method: 'POST', path: '/equipment/multiple/multiple_reservation', caller: 'user' },
  cancelReservations: { method: 'POST', path: '/equipment/multiple/reservation/cancel-by-ids', caller: 'user' },
} as unknown as typeof equipmentBookingContractsType;

export const equipmentContracts = {
  list: { method: 'GET', path: '/equipment', caller: 'user' },
  filterOptions: { method: 'GET', path: '/equipment/filter_options', caller: 'user' },
  create: { method: 'POST', path: '/equipment', caller: 'user' },
  get: { method: 'GET', path: '/equipment/:id', caller: 'user' },
  update: { method: 'PUT', path: '/equipment/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/equipment/:id', caller: 'user' },
  upload: { method: 'POST', path: '/equipment/:id/upload', caller: 'user', multipart: true },
  removePicture: { method: 'DELETE', path: '/equipment/:id/picture/:pictureId', caller: 'user' },
  duplicate: { method: 'POST', path: '/equipment/duplicate/:id', caller: 'user' },
  addToGroup: { method: 'POST', path: '/equipment/multiple/add_to_group', caller: 'user' },
  multiArchive: { method: 'POST', path: '/equipment/multiple/archive', caller: 'user' },
  multiDelete: { method: 'POST', path: '/equipment/multiple/delete', caller: 'user' },
  activityLog: { method: 'GET', path: '/equipment/:id/activity_log', caller: 'user' },
  scanLog: { method: 'GET', path: '/equipment/:id/scan_log', caller: 'user' },
  qrCode: { method: 'GET', path: '/equipment/:id/qr_code', caller: 'user' },
  availability: { method: 'GET', path: '/equipment/availability', caller: 'user' },
  returnAvailability: { method: 'GET', path: '/equipment/multiple/return_availability', caller: 'user' },
  multipleReturn: { method: 'POST', path: '/equipment/multiple/return', caller: 'user' },
} as unknown as typeof equipmentContractsType;

export const equipmentGroupContracts = {
  list: { method: 'GET', path: '/equipment/group', caller: 'user' },
  create: { method: 'POST', path: '/equipment/group', caller: 'user' },
  get: { method: 'GET', path: '/equipment/group/:id', caller: 'user' },
  update: { method: 'PUT', path: '/equipment/group/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/equipment/group/:id', caller: 'user' },
  ungroup: { method: 'POST', path: '/equipment/group/:id/ungroup', caller: 'user' },
  action: { method: 'POST', path: '/equipment/group/:groupId/:action', caller: 'user' },
  sameWorkspace: { method: 'POST', path: '/equipment/group/same_ws', caller: 'user' },
  handout: { method: 'POST', path: '/equipment/group/:id/handout', caller: 'user' },
  extendHandout: { method: 'PUT', path: '/equipment/group/:id/handout', caller: 'user' },
  returnGroup: { method: 'POST', path: '/equipment/group/:id/return', caller: 'user' },
  multipleReturn: { method: 'POST', path: '/equipment/group/multiple/return', caller: 'user' },
  availability: { method: 'GET', path: '/equipment/group/:id/availability', caller: 'user' },
  reservationAvailability: { method: 'GET', path: '/equipment/group/:id/reservation_availability', caller: 'user' },
  extendAvailability: { method: 'GET', path: '/equipment/group/:id/extend_availability', caller: 'user' },
  reservations: { method: 'GET', path: '/equipment/group/:id/reservation', caller: 'user' },
  reserve: { method: 'POST', path: '/equipment/group/:id/reservation', caller: 'user' },
  updateReservation: { method: 'PUT', path: '/equipment/group/:id/reservation/:reservationId', caller: 'user' },
  cancelReservation: { method: 'DELETE', path: '/equipment/group/:id/reservation/:reservationId', caller: 'user' },
  multipleReservation: { method: 'POST', path: '/equipment/group/multiple/reservation', caller: 'user' },
} as unknown as typeof equipmentGroupContractsType;

export const equipmentTypeContracts = {
  list: { method: 'GET', path: '/equipment/type', caller: 'user' },
  create: { method: 'POST', path: '/equipment/type', caller: 'user' },
  get: { method: 'GET', path: '/equipment/type/:id', caller: 'user' },
  update: { method: 'PUT', path: '/equipment/type/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/equipment/type/:id', caller: 'user' },
} as unknown as typeof equipmentTypeContractsType;

export const externalHolderContracts = {
  list: { method: 'GET', path: '/equipment/external_holder', caller: 'user' },
  create: { method: 'POST', path: '/equipment/external_holder', caller: 'user' },
  get: { method: 'GET', path: '/equipment/external_holder/:id', caller: 'user' },
  update: { method: 'PUT', path: '/equipment/external_holder/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/equipment/external_holder/:id', caller: 'user' },
} as unknown as typeof externalHolderContractsType;

export const geocodeContracts = {
  config: { method: 'GET', path: '/geocode/config', caller: 'user' },
  search: { method: 'GET', path: '/geocode/search', caller: 'user' },
  reverse: { method: 'GET', path: '/geocode/reverse', caller: 'user' },
} as unknown as typeof geocodeContractsType;

export const issueActionContracts = {
  status: { method: 'POST', path: '/issue/:id/status', caller: 'user', multipart: true },
  takeover: { method: 'POST', path: '/issue/:id/takeover', caller: 'user' },
  archive: { method: 'POST', path: '/issue/:id/archive', caller: 'user' },
  unarchive: { method: 'POST', path: '/issue/:id/unarchive', caller: 'user' },
  reopen: { method: 'POST', path: '/issue/:id/reopen', caller: 'user' },
  quickComplete: { method: 'POST', path: '/issue/quick_complete', caller: 'user' },
  archiveMany: { method: 'POST', path: '/issue/multiple/archive', caller: 'user' },
  deleteMany: { method: 'POST', path: '/issue/multiple/delete', caller: 'user' },
  reassignMany: { method: 'POST', path: '/issue/multiple/reassign', caller: 'user' },
  duplicate: { method: 'POST', path: '/issue/:id/duplicate', caller: 'user' },
  duplicateMany: { method: 'POST', path: '/issue/multi_duplicate', caller: 'user' },
} as unknown as typeof issueActionContractsType;

export const issueContracts = {
  list: { method: 'GET', path: '/issue/', caller: 'user' },
  get: { method: 'GET', path: '/issue/:id', caller: 'user' },
  create: { method: 'POST', path: '/issue', caller: 'user', multipart: true },
  update: { method: 'PUT', path: '/issue/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/issue/:id', caller: 'user' },
  processNumberExists: { method: 'GET', path: '/process_number/:id/check_exists', caller: 'user' },
  export: { method: 'GET', path: '/issue/export', caller: 'user' },
} as unknown as typeof issueContractsType;

export const issueDetailContracts = {
  comments: { method: 'GET', path: '/issue/:id/comments', caller: 'user' },
  addComment: { method: 'POST', path: '/issue/:id/comments', caller: 'user', multipart: true },
  watchers: { method: 'PUT', path: '/issue/:id/watchers', caller: 'user' },
  addLink: { method: 'POST', path: '/issue/:id/links', caller: 'user' },
  removeLink: { method: 'DELETE', path: '/issue/:id/links/:linkId', caller: 'user' },
  timer: { method: 'GET', path: '/issue/:id/timer', caller: 'user' },
  runTimer: { method: 'POST', path: '/issue/:id/timer', caller: 'user' },
  worktimeLogs: { method: 'GET', path: '/issue/:id/worktime-logs', caller: 'user' },
  addWorktimeLog: { method: 'POST', path: '/issue/:id/worktime-logs', caller: 'user' },
  activity: { method: 'GET', path: '/issue/:id/activity_log', caller: 'user' },
} as unknown as typeof issueDetailContractsType;

export const issueReportContracts = {
  download: { method: 'GET', path: '/issue/:id/download/:fileType', caller: 'user' },
  publicDownload: { method: 'GET', path: '/public/issue/:id/download/:fileType', caller: 'public' },
} as unknown as typeof issueReportContractsType;

export const liveContracts = {
  events: { method: 'GET', path: '/events', caller: 'user' },
} as unknown as typeof liveContractsType;

export const locationRequestContracts = {
  request: { method: 'POST', path: '/user/:id/request_location', caller: 'user' },
  mine: { method: 'GET', path: '/user/me/location_requests', caller: 'user' },
  answer: { method: 'POST', path: '/location_request/:id/answer', caller: 'user' },
} as unknown as typeof locationRequestContractsType;

export const myOrganisationContracts = {
  list: { method: 'GET', path: '/user/me/clients', caller: 'user' },
} as unknown as typeof myOrganisationContractsType;

export const notificationContracts = {
  list: { method: 'GET', path: '/notification/', caller: 'user' },
  state: { method: 'GET', path: '/notification/unread_count', caller: 'user' },
  pause: { method: 'POST', path: '/notification/pause', caller: 'user' },
  unpause: { method: 'POST', path: '/notification/unpause', caller: 'user' },
  markUnread: { method: 'PUT', path: '/notification/:id/mark_unread', caller: 'user' },
  markRead: { method: 'PUT', path: '/notification/web/mark_read', caller: 'user' },
  preferences: { method: 'GET', path: '/notification/preferences', caller: 'user' },
  updatePreferences: { method: 'PUT', path: '/notification/preferences', caller: 'user' },
} as unknown as typeof notificationContractsType;

export const odooContracts = {
  sync: { method: 'POST', path: '/integration/odoo-sync/:id', caller: 'user' },
  issueStatus: { method: 'GET', path: '/integration/odoo-sync/:id', caller: 'user' },
  get: { method: 'GET', path: '/integration/odoo', caller: 'admin' },
  put: { method: 'PUT', path: '/integration/odoo', caller: 'admin' },
  remove: { method: 'DELETE', path: '/integration/odoo', caller: 'admin' },
  test: { method: 'POST', path: '/integration/odoo/test', caller: 'admin' },
} as unknown as typeof odooContractsType;

export const publicEquipmentContracts = {
  get: { method: 'GET', path: '/public/equipment/:id', caller: 'public' },
  getGroup: { method: 'GET', path: '/public/equipment/group/:id', caller: 'public' },
  found: { method: 'POST', path: '/public/equipment/:id/found', caller: 'public' },
  foundGroup: { method: 'POST', path: '/public/equipment/group/:id/found', caller: 'public' },
  extendHandout: { method: 'GET', path: '/public/equipment/extend_handout', caller: 'public' },
  extend: { method: 'POST', path: '/public/equipment/extend_handout', caller: 'public' },
} as unknown as typeof publicEquipmentContractsType;

export const publicFormContracts = {
  get: { method: 'GET', path: '/public_page_configurator/:type', caller: 'admin' },
  save: { method: 'POST', path: '/public_page_configurator/:type', caller: 'admin' },
  templates: { method: 'GET', path: '/public_page_configurator/templates/:type', caller: 'admin' },
  applyTemplate: { method: 'POST', path: '/public_page_configurator/templates/:type', caller: 'admin' },
} as unknown as typeof publicFormContractsType;

export const publicIssueContracts = {
  report: { method: 'POST', path: '/public/issue', caller: 'public', multipart: true },
  detail: { method: 'GET', path: '/public/issue/detail/:id', caller: 'public' },
  update: { method: 'PUT', path: '/public/issue/:id', caller: 'public' },
  comment: { method: 'POST', path: '/public/issue/:id/comment', caller: 'public' },
  commentUpload: { method: 'POST', path: '/public/issue/:issueId/comment/:commentId/upload', caller: 'public', multipart: true },
  attachmentComments: { method: 'GET', path: '/public/issue/:id/attachment_comment', caller: 'public' },
  unsubscribe: { method: 'POST', path: '/public/mail/unsubscribe/:id', caller: 'public' },
  asset: { method: 'GET', path: '/public/asset/:id', caller: 'public' },
} as unknown as typeof publicIssueContractsType;

export const publicReportStaffContracts = {
  sendDeclinedNotification: { method: 'POST', path: '/issue/:id/external/send_declined_issue_notification', caller: 'user' },
  externalReporters: { method: 'GET', path: '/users/external-reporters', caller: 'user' },
} as unknown as typeof publicReportStaffContractsType;

export const qrScanContracts = {
  scan: { method: 'POST', path: '/qr_code/scan', caller: 'user' },
} as unknown as typeof qrScanContractsType;

export const savedFilterContracts = {
  list: { method: 'GET', path: '/filters/:type', caller: 'user' },
  create: { method: 'POST', path: '/filters', caller: 'user' },
  update: { method: 'PUT', path: '/filters/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/filters/:id', caller: 'user' },
  duplicate: { method: 'POST', path: '/filters/duplicate/:id', caller: 'user' },
} as unknown as typeof savedFilterContractsType;

export const scheduleContracts = {
  list: { method: 'GET', path: '/schedule', caller: 'user' },
  create: { method: 'POST', path: '/schedule', caller: 'user', multipart: true },
  get: { method: 'GET', path: '/schedule/:id', caller: 'user' },
  update: { method: 'POST', path: '/schedule/:id', caller: 'user', multipart: true },
  archive: { method: 'PUT', path: '/schedule/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/schedule/:id', caller: 'user' },
  activityLog: { method: 'GET', path: '/schedule/:id/activity_log', caller: 'user' },
  duplicate: { method: 'POST', path: '/schedule/:id/duplicate', caller: 'user' },
  pause: { method: 'POST', path: '/schedule/:id/pause', caller: 'user' },
  unpause: { method: 'POST', path: '/schedule/:id/unpause', caller: 'user' },
  assigneeDecision: { method: 'PUT', path: '/schedule/:id/assignee_decision', caller: 'user' },
  budgets: { method: 'GET', path: '/schedule/:id/budgets', caller: 'user' },
  setBudget: { method: 'POST', path: '/schedule/:id/set_budget', caller: 'user' },
  setTimeLimits: { method: 'POST', path: '/schedule/:id/set_time_limits', caller: 'user' },
  setEquipments: { method: 'POST', path: '/schedule/:id/equipments', caller: 'user' },
  futureDates: { method: 'GET', path: '/schedule/:id/future_dates', caller: 'user' },
  futurePreview: { method: 'GET', path: '/schedule/future_preview/:id', caller: 'user' },
  multipleReassign: { method: 'POST', path: '/schedule/multiple/reassign', caller: 'user' },
} as unknown as typeof scheduleContractsType;

export const sessionContracts = {
  list: { method: 'GET', path: '/auth/sessions', caller: 'user' },
  revoke: { method: 'DELETE', path: '/auth/sessions/:id', caller: 'user' },
  revokeOthers: { method: 'POST', path: '/auth/sessions/revoke_others', caller: 'user' },
} as unknown as typeof sessionContractsType;

export const systemContracts = {
  health: { method: 'GET', path: '/health', caller: 'public' },
  mailOutbox: { method: 'GET', path: '/mail/outbox', caller: 'admin' },
  file: { method: 'GET', path: '/files/*', caller: 'public' },
} as unknown as typeof systemContractsType;

export const textTemplateContracts = {
  list: { method: 'GET', path: '/text-templates', caller: 'user' },
  create: { method: 'POST', path: '/text-templates', caller: 'user' },
  get: { method: 'GET', path: '/text-templates/:id', caller: 'user' },
  update: { method: 'PUT', path: '/text-templates/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/text-templates/:id', caller: 'user' },
} as unknown as typeof textTemplateContractsType;

export const translationContracts = {
  issue: { method: 'POST', path: '/translate/issue/:issueId', caller: 'user' },
  workspace: { method: 'POST', path: '/translate/workspace/:workspaceId', caller: 'user' },
  status: { method: 'GET', path: '/translate/status', caller: 'user' },
} as unknown as typeof translationContractsType;

export const userContracts = {
  statistics: { method: 'GET', path: '/user/statistics', caller: 'user' },
  switchClient: { method: 'POST', path: '/user/switch_client', caller: 'user' },
  oftenDetails: { method: 'GET', path: '/user/me/often_details', caller: 'user' },
  get: { method: 'GET', path: '/user/:id', caller: 'user' },
  update: { method: 'PUT', path: '/user/:id', caller: 'user' },
  uploadImage: { method: 'POST', path: '/user/:id', caller: 'user', multipart: true },
  workspaceRoles: { method: 'GET', path: '/user/:id/workspace_roles', caller: 'user' },
  setWorkspaceRoles: { method: 'POST', path: '/user/:id/workspace_roles', caller: 'user' },
  setRoleInAllWorkspaces: { method: 'PUT', path: '/user/:id/all_ws', caller: 'user' },
  activityLog: { method: 'GET', path: '/user/:id/activity_log', caller: 'user' },
  list: { method: 'GET', path: '/users/', caller: 'user' },
  pickerUsers: { method: 'GET', path: '/users/filter-mix', caller: 'user' },
  pickerExternals: { method: 'GET', path: '/users/filter-mix-collabs', caller: 'user' },
  listByWorkspaceAccess: { method: 'GET', path: '/users/list-by-workspace-access', caller: 'user' },
  mainOrg: { method: 'GET', path: '/users/main_org', caller: 'user' },
  jobPositions: { method: 'GET', path: '/users/job_positions', caller: 'user' },
  createJobPosition: { method: 'POST', path: '/users/job_positions', caller: 'user' },
  deleteJobPosition: { method: 'DELETE', path: '/users/job_positions/:id', caller: 'user' },
  checkExisting: { method: 'POST', path: '/users/check-existing', caller: 'user' },
  create: { method: 'POST', path: '/users', caller: 'user' },
  createMultiple: { method: 'POST', path: '/users/create-multiple', caller: 'user' },
  resendInvite: { method: 'POST', path: '/users/resend_invite', caller: 'user' },
  archive: { method: 'POST', path: '/users/archive', caller: 'user' },
  unarchive: { method: 'POST', path: '/users/unarchive', caller: 'user' },
  addWorkspaces: { method: 'POST', path: '/users/add_workspaces', caller: 'user' },
  joinInfo: { method: 'GET', path: '/public/join_organisation', caller: 'public' },
  join: { method: 'POST', path: '/public/join_organisation', caller: 'public' },
} as unknown as typeof userContractsType;

export const workspaceContracts = {
  list: { method: 'GET', path: '/workspace', caller: 'user' },
  clean: { method: 'GET', path: '/workspace_clean', caller: 'user' },
  short: { method: 'GET', path: '/workspace/short', caller: 'user' },
  flat: { method: 'GET', path: '/workspace/flat', caller: 'user' },
  detail: { method: 'GET', path: '/workspace/:id', caller: 'user' },
  create: { method: 'POST', path: '/workspace', caller: 'user' },
  update: { method: 'PUT', path: '/workspace/:id', caller: 'user' },
  remove: { method: 'DELETE', path: '/workspace/:id', caller: 'admin' },
  uploadImage: { method: 'POST', path: '/workspace/:id/upload', caller: 'user', multipart: true },
  addFavorite: { method: 'POST', path: '/workspace/:id/favorite', caller: 'user' },
  removeFavorite: { method: 'DELETE', path: '/workspace/:id/favorite', caller: 'user' },
  setUsers: { method: 'PUT', path: '/workspace/:id/users', caller: 'user' },
  qrCode: { method: 'GET', path: '/workspace/:id/qr_code', caller: 'user' },
  regenerateQrCode: { method: 'POST', path: '/workspace/:id/qr_code/regenerate', caller: 'user' },
  scanLog: { method: 'GET', path: '/qr_code/scan_log/:id', caller: 'user' },
  publicView: { method: 'GET', path: '/public/workspace/:id', caller: 'public' },
  presenceLogs: { method: 'GET', path: '/workspace/:id/presence/logs', caller: 'user' },
  userPresenceLogs: { method: 'GET', path: '/workspace/user/:id/presence/logs', caller: 'user' },
  presence: { method: 'POST', path: '/workspace/:id/presence', caller: 'user' },
} as unknown as typeof workspaceContractsType;

export const workspaceInfoContracts = {
  getLease: { method: 'GET', path: '/workspace/:id/lease', caller: 'user' },
  putLease: { method: 'PUT', path: '/workspace/:id/lease', caller: 'user' },
  deleteLease: { method: 'DELETE', path: '/workspace/:id/lease', caller: 'user' },
  uploadLeaseFiles: { method: 'POST', path: '/workspace/:id/lease/files', caller: 'user', multipart: true },
  removeLeaseFile: { method: 'DELETE', path: '/workspace/:id/lease/files/:fileId', caller: 'user' },
  maintenanceInfo: { method: 'GET', path: '/workspace/:id/maintenance_info', caller: 'user' },
} as unknown as typeof workspaceInfoContractsType;
