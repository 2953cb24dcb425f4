import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app.js';
import type { IdKind } from '../src/modules/access/id-guard.js';
import {
  createAsset,
  createAssetGroup,
  createAssetPicture,
  createAssetSystem,
  createRegulatoryFile,
  shareAssetSystem,
} from './helpers/assets-factories.js';
import {
  createEquipment,
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentPicture,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { createNotification } from './helpers/notifications-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createLeaseFile } from './helpers/workspace-info-factories.js';

// The tenant boundary, proven on every route the router knows: another organisation's user who
// names an id of ours gets 404 and changes nothing. Routes are read from the router itself, so a
// route added tomorrow is covered tomorrow, and one that forgets to say what its ids are fails here.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
const apiRoutes = () => server.routes.filter((r) => r.url.startsWith(`${API_PREFIX}/`));

/** A digest of every table but the callers' own session bookkeeping. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('user_tokens', 'login_attempts') AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(server.db);
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ digest: string | null }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
      FROM ${sql.table(name)} AS t`.execute(server.db);
    digest[name] = rows[0]?.digest ?? '';
  }
  return digest;
}

describe('tenant boundary', () => {
  it('every API route is registered from its contract in packages/domain', () => {
    const handWritten = apiRoutes()
      .filter((r) => !r.config.contract)
      .map((r) => `${r.method} ${r.url}`);
    expect(handWritten).toEqual([]);
    // ...with the contract's own method and one of its paths.
    const mismatched = apiRoutes().filter(
      (r) =>
        r.config.contract &&
        (r.config.contract.method !== r.method ||
          ![r.config.contract.path, ...(r.config.contract.aliases ?? [])].some(
            (path) => `${API_PREFIX}${path}` === r.url,
          )),
    );
    expect(mismatched.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every route with a path parameter says what its ids are', () => {
    const undeclared = apiRoutes()
      .filter((r) => paramsOf(r.url).some((p) => !r.config.ids?.[p]))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("another organisation's admin gets 404 on every route naming our ids, and nothing changes", async () => {
    // Ours: an organisation with a workspace tree, people, and a partner it shares a workspace with.
    const ours = await createTeam(server.db);
    const site = await addWorkspace(server.db, ours.org.id, 'Site');
    await addWorkspace(server.db, ours.org.id, 'Room', site);
    await addWorkspaceRole(server.db, ours.member, site, 'member');
    const partner = await createTeam(server.db);
    const collaboration = await server.db
      .insertInto('collaborations')
      .values({
        client_id: ours.org.id,
        partner_client_id: partner.org.id,
        type: 'provider',
        access_type: 'full',
        invitation_status: 'accepted',
        invited_email: partner.admin.email,
        company_alias: null,
        invited_by: ours.admin.id,
        invitee_user_id: partner.admin.id,
        logo: null,
        responded_at: new Date(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('collaboration_workspaces')
      .values({ client_id: ours.org.id, collaboration_id: collaboration.id, workspace_id: site })
      .execute();

    const position = await server.db
      .insertInto('job_positions')
      .values({ client_id: ours.org.id, name: 'Technician' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const issue = await server.db
      .insertInto('issues')
      .values({
        client_id: ours.org.id,
        workspace_id: site,
        parent_id: null,
        title: 'Leaking pipe',
        description: null,
        category_id: null,
        assignee_id: ours.member.id,
        last_assignee_id: null,
        created_by: ours.admin.id,
        external_email_address: null,
        start_date: null,
        due_date: null,
        schedule_id: null,
        asset_id: null,
        asset_group_id: null,
        process_number: null,
        rating: null,
        translations: '{}',
        started_at: null,
        completed_at: null,
        archived_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const category = await server.db
      .insertInto('categories')
      .values({ client_id: ours.org.id, name: 'Plumbing', color: '#1c7ed6' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const textTemplate = await server.db
      .insertInto('text_templates')
      .values({
        client_id: ours.org.id,
        text: 'Replaced the seal.',
        category_id: category.id,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const checklist = await server.db
      .insertInto('checklists')
      .values({
        client_id: ours.org.id,
        issue_id: issue.id,
        title: 'Before handover',
        position: 0,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checklistItem = await server.db
      .insertInto('checklist_items')
      .values({
        client_id: ours.org.id,
        checklist_id: checklist.id,
        title: 'Close the valve',
        description: null,
        status_id: 1,
        position: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checklistTemplate = await server.db
      .insertInto('checklist_templates')
      .values({ client_id: ours.org.id, name: 'Handover', category_id: null, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Assets: a system shared with the partner, a group and an asset in the site, a picture of
    // the asset and a regulatory file covering it.
    const assetSystem = await createAssetSystem(server.db, { clientId: ours.org.id });
    await shareAssetSystem(server.db, {
      clientId: ours.org.id,
      collaborationId: collaboration.id,
      systemId: assetSystem,
    });
    const assetGroup = await createAssetGroup(server.db, {
      clientId: ours.org.id,
      workspaceId: site,
      managerIds: [ours.member.id],
    });
    const asset = await createAsset(server.db, {
      client_id: ours.org.id,
      workspace_id: site,
      group_id: assetGroup,
      system_id: assetSystem,
      managerIds: [ours.member.id],
    });
    const assetPicture = await createAssetPicture(server.db, { clientId: ours.org.id, assetId: asset.id });
    const regulatoryFile = await createRegulatoryFile(server.db, {
      clientId: ours.org.id,
      assetIds: [asset.id],
      validUntil: '2099-12-31',
    });
    // A schedule of the site (the partner, like a stranger, gets 404 on it: schedules are their
    // organisation's own).
    const schedule = await createSchedule(server, { clientId: ours.org.id, workspaceId: site });
    // Equipment of the site: an item with a picture, a reservation, a group, a type and an
    // external holder (a partner, like a stranger, gets 404: equipment is its organisation's own).
    const equipmentGroup = await createEquipmentGroup(server.db, {
      clientId: ours.org.id,
      workspaceId: site,
    });
    const equipment = await createEquipment(server.db, {
      client_id: ours.org.id,
      workspace_id: site,
      group_id: equipmentGroup,
    });
    const equipmentPicture = await createEquipmentPicture(server.db, {
      clientId: ours.org.id,
      equipmentId: equipment.id,
    });
    const externalHolder = await createExternalHolder(server.db, { clientId: ours.org.id });
    const equipmentBooking = await createEquipmentBooking(server.db, {
      client_id: ours.org.id,
      equipment_id: equipment.id,
      kind: 'reservation',
      state: 'pending',
      holder_external_id: externalHolder,
      starts_on: '2099-01-10',
      ends_on: '2099-01-12',
    });

    // A notification of our member's: only its recipient may name it.
    const notification = await createNotification(server.db, {
      client_id: ours.org.id,
      user_id: ours.member.id,
      entity_id: issue.id,
    });

    // A location request to our member (issue 21): only they and the requester may name it.
    const locationRequest = await server.db
      .insertInto('location_requests')
      .values({ client_id: ours.org.id, user_id: ours.member.id, requested_by: null, workspace_id: site })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Theirs: an unrelated organisation, calling as its admin (the strongest role they have).
    const stranger = await createTeam(server.db);
    const strangerToken = await login(server, stranger.admin);
    const idOf: Record<Exclude<IdKind, 'token'>, number> = {
      workspace: site,
      issue: issue.id,
      user: ours.member.id,
      collaboration: collaboration.id,
      client: ours.org.id,
      job_position: position.id,
      category: category.id,
      text_template: textTemplate.id,
      checklist: checklist.id,
      checklist_item: checklistItem.id,
      checklist_template: checklistTemplate.id,
      asset: asset.id,
      asset_group: assetGroup,
      asset_system: assetSystem,
      asset_picture: assetPicture,
      regulatory_file: regulatoryFile,
      schedule,
      // A prepared task's key begins with its schedule's id: the guard refuses on that part.
      scheduled_task: schedule,
      equipment: equipment.id,
      equipment_group: equipmentGroup,
      equipment_type: equipment.typeId,
      equipment_picture: equipmentPicture,
      equipment_booking: equipmentBooking,
      external_holder: externalHolder,
      notification,
      location_request: locationRequest.id,
      // Dynamic forms filled on the issue and the schedule (issue 22).
      ...(await (async () => {
        const form = {
          definition: JSON.stringify({ title: {}, fields: [] }),
          answers: '{}',
          created_by: null,
          updated_by: null,
        };
        const issueForm = await server.db
          .insertInto('issue_forms')
          .values({ client_id: ours.org.id, issue_id: issue.id, ...form })
          .returning('id')
          .executeTakeFirstOrThrow();
        const scheduleForm = await server.db
          .insertInto('schedule_forms')
          .values({ client_id: ours.org.id, schedule_id: schedule, ...form })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { issue_form: issueForm.id, schedule_form: scheduleForm.id };
      })()),
      // A contract file of the site's lease (issue 21).
      lease_file: await createLeaseFile(server.db, { clientId: ours.org.id, workspaceId: site }),
      // A session of our member's (issue 21): only its person may name it.
      session: await login(server, ours.member).then(
        async () =>
          (
            await server.db
              .selectFrom('user_tokens')
              .select('id')
              .where('user_id', '=', ours.member.id)
              .where('kind', '=', 'session')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    };

    const covered: string[] = [];
    const leaks: string[] = [];
    const before = await snapshot();
    for (const route of apiRoutes()) {
      const ids = route.config.ids ?? {};
      const params = paramsOf(route.url);
      if (!params.length || params.every((p) => ids[p] === 'token')) continue;
      let path = route.url;
      for (const p of params) {
        const kind = ids[p] as IdKind;
        // A 'token' parameter beside a tenant id: any value; the tenant id must stop the call first.
        path = path.replace(p === '*' ? '*' : `:${p}`, kind === 'token' ? 'x' : String(idOf[kind]));
      }
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const res = await server.call(route.method, path, {
        token: strangerToken,
        ...(hasBody ? { body: {} } : {}),
      });
      covered.push(`${route.method} ${route.url}`);
      if (res.status !== 404)
        leaks.push(`${route.method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The partner sees the shared workspace, so the same calls are not refused wholesale for them.
    expect(covered.length).toBeGreaterThan(0);
    console.info(`tenant boundary: ${covered.length} routes with ids covered`);
  });

  it('an id beyond the database range is simply not found, never a server error', async () => {
    const { admin } = await createTeam(server.db);
    const token = await login(server, admin);
    for (const path of ['/workspace/99999999999', '/issue/99999999999', '/user/99999999999']) {
      const res = await server.call('GET', `${API_PREFIX}${path}`, { token });
      expect(res.status, path).toBe(404);
    }
  });

  it('a partner is not a stranger: the shared workspace is visible to its admin, the rest is not', async () => {
    const ours = await createTeam(server.db);
    const shared = await addWorkspace(server.db, ours.org.id, 'Shared');
    const child = await addWorkspace(server.db, ours.org.id, 'Shared child', shared);
    const hidden = await addWorkspace(server.db, ours.org.id, 'Hidden');
    const partner = await createTeam(server.db);
    const partnerMember = await createUser(server.db, partner.org.id);
    const { id: collaborationId } = await server.db
      .insertInto('collaborations')
      .values({
        client_id: ours.org.id,
        partner_client_id: partner.org.id,
        type: 'provider',
        access_type: 'limited',
        invitation_status: 'accepted',
        invited_email: partner.admin.email,
        company_alias: null,
        invited_by: ours.admin.id,
        invitee_user_id: partner.admin.id,
        logo: null,
        responded_at: new Date(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('collaboration_workspaces')
      .values({ client_id: ours.org.id, collaboration_id: collaborationId, workspace_id: shared })
      .execute();
    const { loadWorkspaceGrants } = await import('../src/modules/access/request-access.js');
    const adminGrants = await loadWorkspaceGrants(server.db, {
      userId: partner.admin.id,
      clientId: partner.org.id,
      role: 'admin',
    });
    expect([...adminGrants.keys()].sort()).toEqual([shared, child].sort());
    expect(adminGrants.get(child)).toMatchObject({
      role: 'collab_admin',
      client_id: ours.org.id,
      collaboration_id: collaborationId,
      access_type: 'limited',
    });
    expect(adminGrants.has(hidden)).toBe(false);
    // A partner's plain member sees nothing until given a role in a shared workspace.
    const memberAuth = { userId: partnerMember.id, clientId: partner.org.id, role: 'user' as const };
    expect((await loadWorkspaceGrants(server.db, memberAuth)).size).toBe(0);
    await server.db
      .insertInto('collaboration_users')
      .values({
        client_id: ours.org.id,
        collaboration_id: collaborationId,
        workspace_id: child,
        user_id: partnerMember.id,
        role: 'member',
      })
      .execute();
    const memberGrants = await loadWorkspaceGrants(server.db, memberAuth);
    expect([...memberGrants.keys()]).toEqual([child]);
    expect(memberGrants.get(child)?.role).toBe('collab_member');
    // Ending the collaboration ends the access at once.
    await server.db
      .updateTable('collaborations')
      .set({ deleted_at: new Date() })
      .where('id', '=', collaborationId)
      .execute();
    expect((await loadWorkspaceGrants(server.db, memberAuth)).size).toBe(0);
  });

  it('own organisation: admins see every workspace, others their subtrees with the strongest role', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const site = await addWorkspace(server.db, org.id, 'Site');
    const building = await addWorkspace(server.db, org.id, 'Building', site);
    const room = await addWorkspace(server.db, org.id, 'Room', building);
    const other = await addWorkspace(server.db, org.id, 'Other');
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', other)
      .execute();
    const { loadWorkspaceGrants } = await import('../src/modules/access/request-access.js');
    const adminGrants = await loadWorkspaceGrants(server.db, {
      userId: admin.id,
      clientId: org.id,
      role: 'admin',
    });
    expect([...adminGrants.keys()].sort()).toEqual([site, building, room].sort());
    await addWorkspaceRole(server.db, member, building, 'member');
    await addWorkspaceRole(server.db, member, room, 'manager');
    const grants = await loadWorkspaceGrants(server.db, {
      userId: member.id,
      clientId: org.id,
      role: 'user',
    });
    expect(grants.has(site)).toBe(false);
    expect(grants.get(building)?.role).toBe('member');
    expect(grants.get(room)?.role).toBe('manager');
  });
});
