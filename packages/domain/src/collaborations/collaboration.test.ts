import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import {
  canManageCollaboration,
  canReinvite,
  canSeeCollaborations,
  canSyncCollaborationUsers,
  collaborationLabel,
  collaborationListParams,
  collaborationTypeSeenBy,
  isCollaborationListFiltered,
  parseCollaborationListQuery,
  ZCreateCollaborationsRequestSchema,
} from './collaboration.js';

const settings = readClientSettings({});

describe('collaboration type and label', () => {
  it('the owner reads the stored type, the partner its opposite', () => {
    expect(collaborationTypeSeenBy('client', true)).toBe('client');
    expect(collaborationTypeSeenBy('client', false)).toBe('provider');
    expect(collaborationTypeSeenBy('provider', false)).toBe('client');
  });

  it('labels by alias, partner name, then address; the partner sees the owner', () => {
    const base = { ownerName: 'Owner', invitedEmail: 'a@b.test' };
    expect(collaborationLabel({ ...base, isOwner: true, companyAlias: 'Alias', partnerName: 'P' })).toBe(
      'Alias',
    );
    expect(collaborationLabel({ ...base, isOwner: true, companyAlias: ' ', partnerName: 'P' })).toBe('P');
    expect(collaborationLabel({ ...base, isOwner: true, companyAlias: null, partnerName: null })).toBe(
      'a@b.test',
    );
    expect(collaborationLabel({ ...base, isOwner: false, companyAlias: 'Alias', partnerName: 'P' })).toBe(
      'Owner',
    );
  });
});

describe('collaboration rules', () => {
  it('admins and workspace managers see collaborations; members only with limited invites on', () => {
    expect(canSeeCollaborations({ role: 'admin', managesAnyWorkspace: false }, settings)).toBe(true);
    expect(canSeeCollaborations({ role: 'user', managesAnyWorkspace: true }, settings)).toBe(true);
    expect(canSeeCollaborations({ role: 'user', managesAnyWorkspace: false }, settings)).toBe(false);
    expect(
      canSeeCollaborations(
        { role: 'user', managesAnyWorkspace: false },
        { include_collab: true, limited_collaborator_invites: true },
      ),
    ).toBe(true);
    expect(
      canSeeCollaborations(
        { role: 'user', managesAnyWorkspace: false },
        { include_collab: false, limited_collaborator_invites: true },
      ),
    ).toBe(false);
  });

  it("only the owner's admins manage a collaboration", () => {
    expect(canManageCollaboration({ role: 'admin', clientId: 1 }, { client_id: 1 })).toBe(true);
    expect(canManageCollaboration({ role: 'admin', clientId: 2 }, { client_id: 1 })).toBe(false);
    expect(canManageCollaboration({ role: 'user', clientId: 1 }, { client_id: 1 })).toBe(false);
  });

  it("sync_users: owner admins, and collab admins of that collaboration's workspace", () => {
    const collab = { id: 7, client_id: 1 };
    expect(canSyncCollaborationUsers({ role: 'admin', clientId: 1 }, collab, undefined)).toBe(true);
    const partnerAdmin = { role: 'admin' as const, clientId: 2 };
    expect(
      canSyncCollaborationUsers(partnerAdmin, collab, { role: 'collab_admin', collaboration_id: 7 }),
    ).toBe(true);
    expect(
      canSyncCollaborationUsers(partnerAdmin, collab, { role: 'collab_admin', collaboration_id: 8 }),
    ).toBe(false);
    expect(
      canSyncCollaborationUsers({ role: 'user', clientId: 2 }, collab, {
        role: 'collab_manager',
        collaboration_id: 7,
      }),
    ).toBe(false);
    expect(canSyncCollaborationUsers(partnerAdmin, collab, undefined)).toBe(false);
  });

  it('re-invites what is not accepted', () => {
    expect(canReinvite('pending')).toBe(true);
    expect(canReinvite('declined')).toBe(true);
    expect(canReinvite('accepted')).toBe(false);
  });
});

describe('collaboration list parameters', () => {
  it('reads supported values and falls back to defaults for the rest', () => {
    expect(
      parseCollaborationListQuery({
        page: '3',
        paginate_by: '40',
        type: 'client',
        access_type: 'limited',
        invitation_status: 'accepted',
        search: '  acme ',
        workspaces: '4,x,5,4',
      }),
    ).toEqual({
      page: 3,
      paginate_by: 40,
      type: 'client',
      access_type: 'limited',
      invitation_status: 'accepted',
      search: 'acme',
      workspaces: [4, 5],
    });
    expect(
      parseCollaborationListQuery({ page: '-1', paginate_by: '13', type: 'x', access_type: ['full'] }),
    ).toEqual({
      page: 1,
      paginate_by: 10,
      type: null,
      access_type: null,
      invitation_status: null,
      search: '',
      workspaces: [],
    });
  });

  it('writes only non-default parameters and tells whether the list is filtered', () => {
    const filters = parseCollaborationListQuery({ type: 'provider', page: '2' });
    expect(collaborationListParams(filters)).toEqual({ type: 'provider', page: '2' });
    expect(isCollaborationListFiltered(filters)).toBe(true);
    expect(isCollaborationListFiltered(parseCollaborationListQuery({ page: '2' }))).toBe(false);
  });
});

describe('create-multiple request', () => {
  it('defaults access to full and reports entry errors by path', () => {
    const ok = ZCreateCollaborationsRequestSchema.parse({
      collab_type: 'client',
      new_collaborations: [{ email: ' A@B.test ' }],
    });
    expect(ok).toMatchObject({ access_type: 'full', new_collaborations: [{ email: 'a@b.test' }] });
    const bad = ZCreateCollaborationsRequestSchema.safeParse({
      collab_type: 'client',
      new_collaborations: [{ email: 'a@b.test' }, { email: 'nope' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['new_collaborations', 1, 'email'],
      message: 'invalid_format',
    });
  });
});
