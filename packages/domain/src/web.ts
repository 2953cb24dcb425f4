// The domain as the web imports it (apps/web/vite.config.ts): index.ts without the contracts
// modules and their schemas; the web's contracts come from contracts/contract-routes.ts.
// Kept equal to index.ts by src/contracts/contract-routes.test.ts.
export * from './attachments/attachment.js';
export * from './attachments/upload-types.js';
export * from './auth/auth.js';
export * from './auth/email.js';
export * from './categories/category.js';
export * from './checklists/checklist.js';
export * from './client/client.js';
export * from './client/client-settings.js';
export * from './client/config.js';
export * from './collaborations/collaboration.js';
export * from './contracts/contract.js';
export * from './contracts/contract-routes.js';
export * from './contracts/input-hygiene.js';
export * from './errors/error-body.js';
export * from './errors/error-keys.js';
export * from './filters/saved-filter.js';
export * from './i18n/languages.js';
export * from './issues/issue-export.js';
export * from './issues/issue-list.js';
export * from './issues/issue-names.js';
export * from './issues/issue-rules.js';
export * from './issues/issue-schemas.js';
export * from './issues/statuses.js';
export * from './limits.js';
export * from './lists/paged.js';
export * from './menu/menu.js';
export * from './permissions/access.js';
export * from './permissions/organisation.js';
export * from './templates/text-templates.js';
export * from './users/profile.js';
export * from './users/user.js';
export * from './users/user-management.js';
export * from './workspaces/index.js';
