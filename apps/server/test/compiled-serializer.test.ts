import { type IssueListPageResponse, ZIssueListPageResponseSchema } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from '../src/http/compiled-serializer.js';

const item = {
  id: 7,
  title: 'Leak under the sink "kitchen" \\ 2nd floor',
  status_id: 6,
  priority_id: 3,
  parent_id: null,
  workspace: { id: 2, name: 'Kitchen' },
  assignee: { id: 5, full_name: 'Anna Ström', profile_image: null },
  category: { id: 1, name: 'Plumbing', color: '#1e88e5' },
  start_date: '2026-11-20T08:00:00.000Z',
  due_date: null,
  due_state: 'overdue' as const,
  open_subtasks_count: 2,
  number_of_comments: 0,
  process_number: null,
  archived: false,
  created_at: '2026-11-19T08:00:00.000Z',
  updated_at: '2026-11-21T08:00:00.000Z',
};

const page: IssueListPageResponse = {
  current_page: 1,
  data: [
    item,
    { ...item, id: 8, assignee: null, category: null, due_state: null, parent_id: 7, process_number: 'P-1' },
  ],
  first_page_url: '/api/v4/issue/?page=1',
  from: 1,
  last_page: 1,
  last_page_url: '/api/v4/issue/?page=1',
  next_page_url: null,
  path: '/api/v4/issue/',
  per_page: 20,
  prev_page_url: null,
  to: 2,
  total: 2,
  state_counts: {
    all_active: 2,
    to_do: 0,
    declined: 0,
    accepted: 0,
    in_progress: 2,
    in_review: 0,
    completed: 0,
    archived: 0,
    all: 2,
  },
  search_capped: false,
};

/** The list page's compiled serializer (http/compiled-serializer.ts) against zod's checked one. */
describe('compiled response serializer', () => {
  const write = compiledSerializer(ZIssueListPageResponseSchema);
  const checked = (data: unknown) => JSON.stringify(ZIssueListPageResponseSchema.encode(data as never));

  it('writes what the checked serializer writes, nulls, nested objects and escapes included', () => {
    expect(JSON.parse(write(page))).toEqual(JSON.parse(checked(page)));
    expect(JSON.parse(write(page))).toEqual(page);
  });

  it('leaves out properties the schema does not name, as the checked one does', () => {
    const leaky = {
      ...page,
      secret: 'x',
      data: [{ ...item, client_id: 99, assignee: { ...item.assignee, email: 'anna@x.test' } }],
    };
    const written = JSON.parse(write(leaky as IssueListPageResponse));
    expect(written).toEqual(JSON.parse(checked(leaky)));
    expect(written.secret).toBeUndefined();
    expect(written.data[0].client_id).toBeUndefined();
    expect(written.data[0].assignee.email).toBeUndefined();
  });
});
