import { describe, expect, it } from 'vitest';
import { canManageCategories } from '../categories/category.js';
import {
  canManageTextTemplates,
  readTextTemplateListQuery,
  TEXT_TEMPLATE_LIST_DEFAULTS,
  ZCreateTextTemplateRequestSchema,
} from './text-templates.js';

describe('text template list query', () => {
  it('defaults to every category, newest change first, 20 a page', () => {
    expect(readTextTemplateListQuery({})).toEqual(TEXT_TEMPLATE_LIST_DEFAULTS);
  });

  it('falls back to the default for each unsupported value and keeps the good ones', () => {
    expect(
      readTextTemplateListQuery({
        category_id: '7',
        page: '0',
        paginate_by: '25',
        sort_by: 'name',
        sort_direction: 'sideways',
      }),
    ).toMatchObject({ category_id: 7, page: 1, paginate_by: 20, sort_by: 'name', sort_direction: 'desc' });
    expect(readTextTemplateListQuery({ category_id: 'x', paginate_by: '200' })).toMatchObject({
      category_id: 0,
      paginate_by: 200,
    });
  });
});

describe('text template body', () => {
  it('trims the text and refuses an empty or too long one', () => {
    expect(ZCreateTextTemplateRequestSchema.parse({ text: '  Checked the pump. ' })).toEqual({
      text: 'Checked the pump.',
      category_id: null,
    });
    expect(ZCreateTextTemplateRequestSchema.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe(
      'required',
    );
    expect(
      ZCreateTextTemplateRequestSchema.safeParse({ text: 'x'.repeat(5001) }).error?.issues[0]?.message,
    ).toBe('too_long');
  });
});

describe('who manages', () => {
  it('text templates: admins and workspace managers', () => {
    expect(canManageTextTemplates({ role: 'admin', managesAnyWorkspace: false })).toBe(true);
    expect(canManageTextTemplates({ role: 'user', managesAnyWorkspace: true })).toBe(true);
    expect(canManageTextTemplates({ role: 'user', managesAnyWorkspace: false })).toBe(false);
  });

  it('categories: admins only', () => {
    expect(canManageCategories({ role: 'admin' })).toBe(true);
    expect(canManageCategories({ role: 'user' })).toBe(false);
  });
});
