import { mapLinkOf } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { mayRequestLocations } from './RequestLocationButton';

describe('location requests', () => {
  it('offer the request to admins and to managers or group managers of some workspace', () => {
    const as = (
      role: 'admin' | 'user',
      workspace: Array<{ workspace_id: number; role: 'manager' | 'group_manager' | 'member' }>,
    ) => mayRequestLocations({ role, permissions: { global: [], workspace } });
    expect(as('admin', [])).toBe(true);
    expect(as('user', [{ workspace_id: 1, role: 'manager' }])).toBe(true);
    expect(as('user', [{ workspace_id: 1, role: 'group_manager' }])).toBe(true);
    expect(as('user', [{ workspace_id: 1, role: 'member' }])).toBe(false);
    expect(as('user', [])).toBe(false);
  });

  it('link a shared position to OpenStreetMap', () => {
    expect(mapLinkOf(48.2082, 16.3738)).toBe(
      'https://www.openstreetmap.org/?mlat=48.208200&mlon=16.373800#map=17/48.208200/16.373800',
    );
  });
});
