import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { LiveChange } from '@workbench/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../i18n';
import { isOthersEdit } from './edit-conflict';
import { IssueChangedBanner } from './IssueChangedBanner';
import { publishLive } from './live-bus';

vi.mock('../auth/session-store', () => ({
  useAuth: () => ({ session: { user: { id: 1 } } }),
}));

const change = (over: Partial<LiveChange> = {}): LiveChange => ({
  entity_type: 'issue',
  entity_id: 5,
  action: 'updated',
  workspace_id: 2,
  actor_id: 2,
  at: '2026-12-02T08:00:00.000Z',
  ...over,
});
const publish = (data: LiveChange) => act(() => publishLive({ name: 'change', id: '1', data }));

beforeAll(async () => {
  await setupI18n('en');
});

describe('isOthersEdit', () => {
  it('is someone else’s change of this issue that the form shows', () => {
    expect(isOthersEdit(change(), 5, 1)).toBe(true);
    expect(isOthersEdit(change({ action: 'assigned' }), 5, 1)).toBe(true);
    expect(isOthersEdit(change({ actor_id: null }), 5, 1)).toBe(true);
    expect(isOthersEdit(change({ actor_id: 1 }), 5, 1)).toBe(false);
    expect(isOthersEdit(change({ entity_id: 6 }), 5, 1)).toBe(false);
    expect(isOthersEdit(change({ entity_type: 'schedule' }), 5, 1)).toBe(false);
    expect(isOthersEdit(change({ action: 'commented' }), 5, 1)).toBe(false);
  });
});

describe('IssueChangedBanner', () => {
  const renderBanner = (dirty: boolean, onLoad = vi.fn()) => {
    render(
      <MantineProvider env="test">
        <IssueChangedBanner issueId={5} dirty={dirty} onLoad={onLoad} />
      </MantineProvider>,
    );
    return onLoad;
  };

  it('without unsaved edits the form just takes the new values', () => {
    const onLoad = renderBanner(false);
    publish(change());
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with unsaved edits it asks; "Load their changes" reloads, "Keep editing" only closes it', () => {
    const onLoad = renderBanner(true);
    publish(change({ actor_id: 1 }));
    publish(change({ action: 'commented' }));
    expect(screen.queryByRole('alert')).toBeNull();
    publish(change());
    expect(screen.getByRole('alert').textContent).toContain(
      'Someone else changed this issue while you were editing',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onLoad).not.toHaveBeenCalled();
    publish(change());
    fireEvent.click(screen.getByRole('button', { name: 'Load their changes' }));
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
