import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZCategoryItemSchema,
  ZCategoryListResponseSchema,
  ZCreateCategoryRequestSchema,
  ZUpdateCategoryRequestSchema,
} from './category.js';

const tags = ['Categories'];

/** Categories (000 §7 GET category/): everyone of the organisation reads them, admins manage them. */
export const categoryContracts = {
  list: defineContract({
    method: 'GET',
    path: '/category/',
    aliases: ['/category'],
    caller: 'user',
    ids: {},
    response: ZCategoryListResponseSchema,
    tags,
    summary: "The organisation's categories by name, each with its count of issues",
  }),
  create: defineContract({
    method: 'POST',
    path: '/category/',
    aliases: ['/category'],
    caller: 'admin',
    ids: {},
    body: ZCreateCategoryRequestSchema,
    response: ZCategoryItemSchema,
    errors: ['category_name_taken'],
    tags,
    summary: 'Add a category (admins). Names are unique per organisation, case ignored: category_name_taken',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/category/:id',
    caller: 'admin',
    ids: { id: 'category' },
    params: ZIdParamsSchema,
    body: ZUpdateCategoryRequestSchema,
    response: ZCategoryItemSchema,
    errors: ['category_name_taken'],
    tags,
    summary: 'Rename or recolour a category (admins)',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/category/:id',
    caller: 'admin',
    ids: { id: 'category' },
    params: ZIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary:
      'Delete a category (admins). Its issues stay without it (main category none, removed from their lists)',
  }),
};
