import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import { ZClientSchema, ZUpdateClientRequestSchema } from './client.js';
import { ZConfigQuerySchema, ZConfigResponseSchema } from './config.js';

const tags = ['Organisation'];

/** The caller's organisation (000 §7 client/*): everyone reads their own, admins change it. */
export const clientContracts = {
  mine: defineContract({
    method: 'GET',
    path: '/user/client_info',
    caller: 'user',
    ids: {},
    response: ZClientSchema,
    tags,
    summary: "The logged-in user's organisation",
  }),
  get: defineContract({
    method: 'GET',
    path: '/client/:id',
    caller: 'user',
    ids: { id: 'client' },
    params: ZIdParamsSchema,
    response: ZClientSchema,
    tags,
    summary: 'An organisation: only your own (another answers 404)',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/client/:id',
    caller: 'admin',
    ids: { id: 'client' },
    params: ZIdParamsSchema,
    body: ZUpdateClientRequestSchema,
    response: ZClientSchema,
    tags,
    summary: "Change the organisation's name and settings (admins only)",
  }),
  uploadLogo: defineContract({
    method: 'POST',
    path: '/client/:id/logo',
    caller: 'admin',
    ids: { id: 'client' },
    params: ZIdParamsSchema,
    multipart: true,
    response: ZClientSchema,
    errors: ['required', 'file_type_not_allowed', 'file_too_big'],
    tags,
    summary:
      "Upload the organisation's logo (multipart: file): PNG, JPEG or WebP, scaled to fit 512 px (admins only)",
  }),
  removeLogo: defineContract({
    method: 'DELETE',
    path: '/client/:id/logo',
    caller: 'admin',
    ids: { id: 'client' },
    params: ZIdParamsSchema,
    response: ZClientSchema,
    tags,
    summary: "Remove the organisation's logo (admins only)",
  }),
};

/** GET config (000 §7): what the web app loads at start. */
export const configContracts = {
  get: defineContract({
    method: 'GET',
    path: '/config',
    caller: 'user',
    ids: {},
    query: ZConfigQuerySchema,
    response: ZConfigResponseSchema,
    errors: ['unsupported_type'],
    tags,
    summary: 'What the web app needs at start: the parts named in get_only (all when absent)',
  }),
};
