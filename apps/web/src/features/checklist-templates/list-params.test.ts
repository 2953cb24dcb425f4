import { describe, expect, it } from 'vitest';
import {
  changeTemplateListParams,
  readTemplateListParams,
  TEMPLATE_LIST_DEFAULTS,
  templateQueryString,
} from './list-params';

describe('checklist template list parameters', () => {
  it('defaults to page 1, 20 a page, updated descending', () => {
    expect(readTemplateListParams(new URLSearchParams())).toEqual(TEMPLATE_LIST_DEFAULTS);
    expect(TEMPLATE_LIST_DEFAULTS).toMatchObject({
      page: 1,
      paginate_by: 20,
      sort_by: 'updated',
      sort_direction: 'desc',
    });
  });

  it('keeps supported values and drops unsupported ones one by one', () => {
    const query = readTemplateListParams(
      new URLSearchParams('category_id=4&paginate_by=33&sort_by=name&sort_direction=sideways&page=2'),
    );
    expect(query).toMatchObject({
      category_id: 4,
      paginate_by: 20,
      sort_by: 'name',
      sort_direction: 'desc',
      page: 2,
    });
  });

  it('writes only what differs from the defaults to the URL', () => {
    const query = { ...TEMPLATE_LIST_DEFAULTS, sort_by: 'name' as const };
    expect(templateQueryString(query)).toBe('sort_by=name');
  });

  it('goes back to page 1 when a filter changes, not when the page turns', () => {
    const onPage3 = { ...TEMPLATE_LIST_DEFAULTS, page: 3 };
    expect(changeTemplateListParams(onPage3, { category_id: 2 }).page).toBe(1);
    expect(changeTemplateListParams(onPage3, { page: 4 }).page).toBe(4);
  });
});
