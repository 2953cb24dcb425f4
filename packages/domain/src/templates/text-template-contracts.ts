import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZCreateTextTemplateRequestSchema,
  ZTextTemplateListQuerySchema,
  ZTextTemplateListResponseSchema,
  ZTextTemplateSchema,
  ZUpdateTextTemplateRequestSchema,
} from './text-templates.js';

const tags = ['Text templates'];

/**
 * Text templates (001 §2, §3; the spec shows no paths, these are ours). Everyone of the
 * organisation reads them; admins and workspace managers manage them. The autocomplete reads
 * them through GET config?get_only=templates.
 */
export const textTemplateContracts = {
  list: defineContract({
    method: 'GET',
    path: '/text-templates',
    caller: 'user',
    ids: {},
    query: ZTextTemplateListQuerySchema,
    response: ZTextTemplateListResponseSchema,
    tags,
    summary:
      'Text templates, paged: category_id (0 = all), search (in the text, case ignored), sort_by created|updated|name (the text), default updated desc',
  }),
  create: defineContract({
    method: 'POST',
    path: '/text-templates',
    caller: 'user',
    ids: {},
    body: ZCreateTextTemplateRequestSchema,
    response: ZTextTemplateSchema,
    tags,
    summary: 'Add a text template (admins and workspace managers); text at most 5000 characters',
  }),
  get: defineContract({
    method: 'GET',
    path: '/text-templates/:id',
    caller: 'user',
    ids: { id: 'text_template' },
    params: ZIdParamsSchema,
    response: ZTextTemplateSchema,
    tags,
    summary: 'One text template',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/text-templates/:id',
    caller: 'user',
    ids: { id: 'text_template' },
    params: ZIdParamsSchema,
    body: ZUpdateTextTemplateRequestSchema,
    response: ZTextTemplateSchema,
    tags,
    summary: 'Change the text or category of a text template (admins and workspace managers)',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/text-templates/:id',
    caller: 'user',
    ids: { id: 'text_template' },
    params: ZIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Delete a text template (admins and workspace managers)',
  }),
};
