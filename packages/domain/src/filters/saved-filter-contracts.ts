import { z } from 'zod';
import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import {
  ZCreateSavedFilterRequestSchema,
  ZSavedFilterListResponseSchema,
  ZSavedFilterSchema,
  ZSavedFilterTypeParamsSchema,
  ZUpdateSavedFilterRequestSchema,
} from './saved-filter.js';

const tags = ['Saved filters'];
/**
 * A saved filter belongs to one person, not to a tenant-wide id space the guard could check:
 * the id is declared 'token' and the service answers 404 for anything not the caller's own.
 */
const ZSavedFilterIdParamsSchema = z.object({ id: z.string() });

/** Saved filters (000 §7): each user's own, private list-query shortcuts. */
export const savedFilterContracts = {
  list: defineContract({
    method: 'GET',
    path: '/filters/:type',
    caller: 'user',
    ids: { type: 'token' },
    params: ZSavedFilterTypeParamsSchema,
    response: ZSavedFilterListResponseSchema,
    tags,
    summary: "The caller's saved filters of one entity (favourites first, then by name)",
  }),
  create: defineContract({
    method: 'POST',
    path: '/filters',
    caller: 'user',
    ids: {},
    body: ZCreateSavedFilterRequestSchema,
    response: ZSavedFilterSchema,
    tags,
    summary: 'Save a filter (issue query strings are normalised, without page)',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/filters/:id',
    caller: 'user',
    ids: { id: 'token' },
    params: ZSavedFilterIdParamsSchema,
    body: ZUpdateSavedFilterRequestSchema,
    response: ZSavedFilterSchema,
    tags,
    summary: 'Rename, re-describe, update the query of, or (un)favourite one of your saved filters',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/filters/:id',
    caller: 'user',
    ids: { id: 'token' },
    params: ZSavedFilterIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Delete one of your saved filters',
  }),
  duplicate: defineContract({
    method: 'POST',
    path: '/filters/duplicate/:id',
    caller: 'user',
    ids: { id: 'token' },
    params: ZSavedFilterIdParamsSchema,
    response: ZSavedFilterSchema,
    tags,
    summary: "Copy one of your saved filters as '<name> (Copy)'",
  }),
};
