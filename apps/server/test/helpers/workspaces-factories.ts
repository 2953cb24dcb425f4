import sharp from 'sharp';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './factories.js';
import type { TestServer } from './test-server.js';

/**
 * An organisation with a small tree: Site (manager Mia, group manager Gus) > Building >
 * Room, and a second site Depot where the plain member Mo works; plus tokens of each.
 */
export async function createWorkspaceTree(server: TestServer) {
  const team = await createTeam(server.db);
  const { org } = team;
  const site = await addWorkspace(server.db, org.id, 'Site');
  const building = await addWorkspace(server.db, org.id, 'Building', site);
  const room = await addWorkspace(server.db, org.id, 'Room', building);
  const depot = await addWorkspace(server.db, org.id, 'Depot');
  const manager = await createUser(server.db, org.id, { firstName: 'Mia', lastName: 'Manager' });
  const groupManager = await createUser(server.db, org.id, { firstName: 'Gus', lastName: 'Group' });
  await addWorkspaceRole(server.db, manager, site, 'manager');
  await addWorkspaceRole(server.db, groupManager, site, 'group_manager');
  await addWorkspaceRole(server.db, team.member, depot, 'member');
  const [adminToken, managerToken, groupManagerToken, memberToken] = await Promise.all([
    login(server, team.admin),
    login(server, manager),
    login(server, groupManager),
    login(server, team.member),
  ]);
  return {
    ...team,
    manager,
    groupManager,
    ids: { site, building, room, depot },
    tokens: {
      admin: adminToken,
      manager: managerToken,
      groupManager: groupManagerToken,
      member: memberToken,
    },
  };
}

/** A real PNG of the given size, made with sharp. */
export function makePng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

export function imageForm(data: Buffer | string, name = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return form;
}
