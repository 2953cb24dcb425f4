import type { RouteContract } from '@workbench/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api/client';
import { sharedWorkspace } from './components/ScheduleBulkBar';
import { runScheduleAction } from './schedules-api';

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);
afterEach(() => vi.clearAllMocks());

type Input = { params: { id: number }; body?: unknown };
const calls = () =>
  mockedCall.mock.calls.map(([contract, given]) => {
    const input = given as unknown as Input;
    return { route: `${contract.method} ${contract.path}`, id: input.params.id, body: input.body };
  });

describe('an action on several schedules', () => {
  it('calls each schedule once, keeps going past a refusal and reports it with its key, in the given order', async () => {
    mockedCall.mockImplementation((async (_contract: RouteContract, input: Input) => {
      // Later ids answer sooner: the result is still in the order asked.
      await new Promise((resolve) => setTimeout(resolve, 10 - input.params.id));
      if (input.params.id === 3) throw new ApiError(422, 'schedule_archived', 'archived');
      if (input.params.id === 5) throw new Error('socket closed');
      return {};
    }) as unknown as typeof call);
    const result = await runScheduleAction('pause', [1, 2, 3, 4, 5, 6]);
    expect(result.updated).toEqual([1, 2, 4, 6]);
    expect(result.failed).toEqual([
      { id: 3, error: 'schedule_archived' },
      { id: 5, error: 'general_error' },
    ]);
    expect(
      calls()
        .map((c) => c.id)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(calls().map((c) => c.route))).toEqual(new Set(['POST /schedule/:id/pause']));
  });

  it('archives and unarchives with PUT and the archived flag, deletes with DELETE', async () => {
    mockedCall.mockResolvedValue({} as never);
    await runScheduleAction('archive', [7]);
    await runScheduleAction('unarchive', [8]);
    await runScheduleAction('delete', [9]);
    await runScheduleAction('duplicate', [10]);
    expect(calls()).toEqual([
      { route: 'PUT /schedule/:id', id: 7, body: { archived: true } },
      { route: 'PUT /schedule/:id', id: 8, body: { archived: false } },
      { route: 'DELETE /schedule/:id', id: 9, body: undefined },
      { route: 'POST /schedule/:id/duplicate', id: 10, body: undefined },
    ]);
  });
});

describe('the reassign picker', () => {
  it('offers the people of the one workspace all picked schedules are in, else everyone', () => {
    expect(sharedWorkspace([{ workspace_id: 4 }, { workspace_id: 4 }])).toBe(4);
    expect(sharedWorkspace([{ workspace_id: 4 }, { workspace_id: 5 }])).toBeUndefined();
    expect(sharedWorkspace([])).toBeUndefined();
  });
});
