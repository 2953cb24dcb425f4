import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZOdooConnectionBodySchema,
  ZOdooConnectionSchema,
  ZOdooIssueStatusSchema,
  ZOdooSyncResponseSchema,
  ZOdooTestResultSchema,
} from './odoo-schemas.js';

const tags = ['Integrations'];

/** 000 §7 POST integration/odoo-sync/{id}, and ours: the organisation's connection and an issue's link. */
export const odooContracts = {
  sync: defineContract({
    method: 'POST',
    path: '/integration/odoo-sync/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    response: ZOdooSyncResponseSchema,
    errors: ['odoo_not_configured', 'odoo_sync_failed'],
    errorStatuses: [409, 429],
    description:
      'Odoo refusing the issue or not answering is 502 odoo_sync_failed (its message in the activity log); no connection is 409 odoo_not_configured.',
    tags,
    summary:
      "Push an issue to the organisation's Odoo (admins and managers of its workspace): the first sync creates the record, later ones write to it; the result goes to the issue's activity log",
  }),
  issueStatus: defineContract({
    method: 'GET',
    path: '/integration/odoo-sync/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    response: ZOdooIssueStatusSchema,
    tags,
    summary: "An issue's Odoo link, whether the organisation is connected and whether you may push it",
  }),
  get: defineContract({
    method: 'GET',
    path: '/integration/odoo',
    caller: 'admin',
    ids: {},
    response: ZOdooConnectionSchema,
    tags,
    summary:
      "The organisation's Odoo connection (admins; the API key is never answered, only whether one is set)",
  }),
  put: defineContract({
    method: 'PUT',
    path: '/integration/odoo',
    caller: 'admin',
    ids: {},
    body: ZOdooConnectionBodySchema,
    response: ZOdooConnectionSchema,
    tags,
    summary: 'Connect the organisation to Odoo or change the connection (the API key is stored encrypted)',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/integration/odoo',
    caller: 'admin',
    ids: {},
    response: ZOdooConnectionSchema,
    tags,
    summary: "Remove the organisation's Odoo connection (issues' links stay, for a later connection)",
  }),
  test: defineContract({
    method: 'POST',
    path: '/integration/odoo/test',
    caller: 'admin',
    ids: {},
    response: ZOdooTestResultSchema,
    errors: ['odoo_not_configured'],
    errorStatuses: [409, 429],
    tags,
    summary: 'Log in to the connected Odoo with the stored settings and report whether it worked',
  }),
};
