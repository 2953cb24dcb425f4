import type { IdKind } from '@workbench/domain';
import { issueToken } from '../../src/modules/auth/tokens.js';
import {
  createAsset,
  createAssetGroup,
  createAssetPicture,
  createAssetSystem,
  createRegulatoryFile,
  shareAssetSystem,
} from '../helpers/assets-factories.js';
import {
  createEquipment,
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentPicture,
  createExternalHolder,
} from '../helpers/equipment-factories.js';
import { createUser } from '../helpers/factories.js';
import { API, createIssueTeam } from '../helpers/issues-factories.js';
import { createNotification } from '../helpers/notifications-factories.js';
import { createSchedule } from '../helpers/schedules-factories.js';
import type { TestServer } from '../helpers/test-server.js';
import { addJobPosition } from '../helpers/users-factories.js';
import { createLeaseFile } from '../helpers/workspace-info-factories.js';

/** One id of each kind a route's path can name, all in one organisation (or shared with a partner). */
export type IdSet = Record<Exclude<IdKind, 'token'>, number>;

/** An organisation with something of every kind, its partner, and the people who fuzz it. */
export type FuzzOrganisation = {
  clientId: number;
  partnerClientId: number;
  ids: IdSet;
  /** A person nobody logs in as: id fields of bodies name them, so archiving or removing them costs nothing. */
  spareUserId: number;
  people: {
    admin: { id: number; clientId: number };
    member: { id: number; clientId: number };
    partner: { id: number; clientId: number };
  };
  /**
   * A new issue with a checklist of two items in the shared site (brought back if a probe
   * deleted it), for the next operation: the previous one may have deleted, archived or completed
   * the last.
   */
  renewIssue: () => Promise<void>;
};

async function created(
  server: TestServer,
  token: string,
  path: string,
  body: unknown,
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await server.call('POST', `${API}${path}`, { token, body });
  if (res.status >= 300)
    throw new Error(`fuzz world: POST ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The issue team of the API tests (a site shared with a partner company, its people) plus an
 * issue with a checklist, a category, text and checklist templates, a job position and a spare
 * person: something for every id kind.
 */
export async function buildFuzzOrganisation(server: TestServer): Promise<FuzzOrganisation> {
  const team = await createIssueTeam(server);
  const admin = team.tokens.admin;
  await team.issue({ title: 'Second fuzzed issue' });
  const category = await created(server, admin, '/category', { name: 'Fuzz category' });
  const textTemplate = await created(server, admin, '/text-templates', {
    text: 'A text template for fuzzing',
  });
  const template = await created(server, admin, '/checklist-templates', {
    name: 'Fuzz template',
    items: [{ title: 'Template item' }],
  });
  const jobPosition = await addJobPosition(server.db, team.org.id, 'Fuzz technician');
  const spare = await createUser(server.db, team.org.id, { firstName: 'Spare', lastName: 'Person' });
  // Assets: a system shared with the partner, a group and an asset in the shared site, a picture
  // and a regulatory file of it.
  const system = await createAssetSystem(server.db, { clientId: team.org.id, name: 'Fuzz system' });
  await shareAssetSystem(server.db, {
    clientId: team.org.id,
    collaborationId: team.collaborationId,
    systemId: system,
  });
  const group = await createAssetGroup(server.db, {
    clientId: team.org.id,
    workspaceId: team.ids.site,
    name: 'Fuzz group',
    managerIds: [team.people.manager.id],
  });
  const asset = await createAsset(server.db, {
    client_id: team.org.id,
    workspace_id: team.ids.site,
    name: 'Fuzz asset',
    group_id: group,
    system_id: system,
    managerIds: [team.people.member.id],
  });
  const picture = await createAssetPicture(server.db, { clientId: team.org.id, assetId: asset.id });
  const regulatoryFile = await createRegulatoryFile(server.db, {
    clientId: team.org.id,
    assetIds: [asset.id],
    validUntil: '2099-12-31',
  });
  const schedule = await createSchedule(server, {
    clientId: team.org.id,
    workspaceId: team.ids.site,
    title: 'Fuzz schedule',
    assetIds: [asset.id],
  });
  const equipmentGroup = await createEquipmentGroup(server.db, {
    clientId: team.org.id,
    workspaceId: team.ids.site,
    name: 'Fuzz kit',
    managerIds: [team.people.manager.id],
  });
  const equipment = await createEquipment(server.db, {
    client_id: team.org.id,
    workspace_id: team.ids.site,
    title: 'Fuzz drill',
    group_id: equipmentGroup,
    managerIds: [team.people.member.id],
  });
  const equipmentPicture = await createEquipmentPicture(server.db, {
    clientId: team.org.id,
    equipmentId: equipment.id,
  });
  const externalHolder = await createExternalHolder(server.db, {
    clientId: team.org.id,
    fullName: 'Fuzz holder',
  });
  const equipmentBooking = await createEquipmentBooking(server.db, {
    client_id: team.org.id,
    equipment_id: equipment.id,
    kind: 'reservation',
    state: 'pending',
    holder_external_id: externalHolder,
    starts_on: '2099-01-10',
    ends_on: '2099-01-12',
  });
  // A notification of the admin's (the id guard lets only its recipient name it).
  const notification = await createNotification(server.db, {
    client_id: team.org.id,
    user_id: team.people.admin.id,
    entity_id: 0,
  });
  // A location request to the admin (issue 21): only they and the requester may name it.
  const locationRequest = await server.db
    .insertInto('location_requests')
    .values({
      client_id: team.org.id,
      user_id: team.people.admin.id,
      requested_by: null,
      workspace_id: team.ids.site,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const org: FuzzOrganisation = {
    clientId: team.org.id,
    partnerClientId: team.partner.org.id,
    spareUserId: spare.id,
    ids: {
      workspace: team.ids.site,
      issue: 0,
      user: spare.id,
      collaboration: team.collaborationId,
      client: team.org.id,
      job_position: jobPosition,
      category: category.id,
      text_template: textTemplate.id,
      checklist: 0,
      checklist_item: 0,
      checklist_template: template.id,
      asset: asset.id,
      asset_group: group,
      asset_system: system,
      asset_picture: picture,
      regulatory_file: regulatoryFile,
      schedule,
      // A prepared task's key names its schedule first (the id guard reads that part).
      scheduled_task: schedule,
      equipment: equipment.id,
      equipment_group: equipmentGroup,
      equipment_type: equipment.typeId,
      equipment_picture: equipmentPicture,
      equipment_booking: equipmentBooking,
      external_holder: externalHolder,
      notification,
      location_request: locationRequest.id,
      lease_file: await createLeaseFile(server.db, { clientId: team.org.id, workspaceId: team.ids.site }),
      // A session of the admin's (issue 21): only its person may name it.
      // Dynamic forms (issue 22): filled on the issue and the schedule (renewed with the issue below).
      issue_form: 0,
      schedule_form: 0,
      session: (
        await server.db
          .insertInto('user_tokens')
          .values({
            client_id: team.org.id,
            user_id: team.people.admin.id,
            kind: 'session',
            token_hash: `fuzz-session-${team.org.id}`,
            expires_at: new Date(Date.now() + 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    },
    people: {
      admin: { id: team.people.admin.id, clientId: team.org.id },
      member: { id: team.people.member.id, clientId: team.org.id },
      partner: { id: team.people.collabMember.id, clientId: team.partner.org.id },
    },
    renewIssue: async () => {
      // A deletion probe may have taken the site itself: bring it back, so later ones reach their code.
      await server.db
        .updateTable('workspaces')
        .set({ deleted_at: null, archived_at: null })
        .where('id', '=', team.ids.site)
        .execute();
      // ...and the asset things a deletion or archive probe may have taken.
      await server.db
        .updateTable('assets')
        .set({ deleted_at: null, status: 1, workspace_id: team.ids.site, group_id: group, system_id: system })
        .where('id', '=', asset.id)
        .execute();
      for (const table of ['asset_groups', 'asset_systems'] as const) {
        await server.db
          .updateTable(table)
          .set({ deleted_at: null, status: 1 })
          .where('id', '=', table === 'asset_groups' ? group : system)
          .execute();
      }
      await server.db
        .updateTable('attachments')
        .set({ deleted_at: null })
        .where('id', '=', picture)
        .execute();
      await server.db
        .updateTable('regulatory_files')
        .set({ deleted_at: null })
        .where('id', '=', regulatoryFile)
        .execute();
      // ...and the schedule a delete, archive or pause probe may have taken.
      await server.db
        .updateTable('schedules')
        .set({ deleted_at: null, archived_at: null, paused_at: null, workspace_id: team.ids.site })
        .where('id', '=', schedule)
        .execute();
      const issueId = await team.issue({ title: 'Fuzzed issue', assignee_id: team.people.assignee.id });
      const session = await issueToken(server.db, {
        userId: team.people.admin.id,
        clientId: team.org.id,
        kind: 'session',
        ttlMs: 600_000,
      });
      const checklist = await created(server, session.raw, `/issue/${issueId}/checklists`, {
        title: 'Fuzz checklist',
        items: [{ title: 'First item' }, { title: 'Second item' }],
      });
      org.ids.issue = issueId;
      org.ids.checklist = checklist.id;
      org.ids.checklist_item = (checklist.items as Array<{ id: number }>)[0]?.id ?? 0;
      const form = { definition: JSON.stringify({ title: { en: 'Fuzz' }, fields: [] }), answers: '{}' };
      const issueForm = await server.db
        .insertInto('issue_forms')
        .values({ client_id: team.org.id, issue_id: issueId, created_by: null, updated_by: null, ...form })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db.deleteFrom('schedule_forms').where('schedule_id', '=', schedule).execute();
      const scheduleForm = await server.db
        .insertInto('schedule_forms')
        .values({
          client_id: team.org.id,
          schedule_id: schedule,
          created_by: null,
          updated_by: null,
          ...form,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      org.ids.issue_form = issueForm.id;
      org.ids.schedule_form = scheduleForm.id;
    },
  };
  await org.renewIssue();
  return org;
}

/** The id a body field names, guessed from its name, among one organisation's entities. */
export function idForField(org: FuzzOrganisation, field: string): number {
  const name = field.replace(/_ids?$/, '');
  if (/workspace|parent/.test(name)) return org.ids.workspace;
  if (/user|assignee|manager|member|watcher|reporter|admin/.test(name)) return org.spareUserId;
  if (/issue|task|link/.test(name)) return org.ids.issue;
  if (/categor/.test(name)) return org.ids.category;
  if (/job/.test(name)) return org.ids.job_position;
  if (/client/.test(name)) return org.clientId;
  if (/collab/.test(name)) return org.ids.collaboration;
  if (/template/.test(name)) return org.ids.checklist_template;
  if (/group/.test(name)) return org.ids.asset_group;
  if (/system/.test(name)) return org.ids.asset_system;
  if (/asset/.test(name)) return org.ids.asset;
  if (/checklist/.test(name)) return org.ids.checklist;
  return org.ids.issue;
}
