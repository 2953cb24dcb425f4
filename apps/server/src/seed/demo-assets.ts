import { addDays } from '@workbench/domain';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { storeAttachments, withFileCleanup } from '../modules/attachments/attachment-service.js';
import { prepareUploads } from '../modules/attachments/attachment-upload.js';
import { newFileKey } from '../storage/file-storage.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo organisation's assets (issue 15): systems, groups per site, assets in every status,
 * pictures, regulatory files (one expired, one expiring, valid ones, and assets without any),
 * issues naming them, and one system shared with the partner company. Runs after the demo
 * organisation was seeded, like the demo attachments (files need the file store).
 */

const SYSTEMS = ['Heating', 'Ventilation', 'Fire safety', 'Lifts', 'Doors and gates'] as const;
type SystemName = (typeof SYSTEMS)[number];

const GROUPS = [
  { name: 'Boiler room', workspace: 'Building A', managers: ['anna@demo.test'] },
  { name: 'Fire extinguishers Vienna', workspace: 'Vienna HQ', managers: ['manager@demo.test'] },
  { name: 'Loading dock', workspace: 'Graz Warehouse', managers: [] as string[] },
] as const;
type GroupName = (typeof GROUPS)[number]['name'];

type DemoFile = { name: string; kind: string; issuedDaysAgo: number; validForDays: number | null };
type DemoAsset = {
  name: string;
  workspace: string;
  system: SystemName;
  group?: GroupName;
  status?: 1 | 2 | 3 | 4 | 5;
  manufacturer?: string;
  model?: string;
  serial?: string;
  reference?: string;
  description?: string;
  managers?: string[];
  inspection?: boolean;
  maintenance?: boolean;
  picture?: { label: string; colour: string };
  files?: DemoFile[];
  issues?: string[];
};

const ASSETS: DemoAsset[] = [
  {
    name: 'Gas boiler 1',
    workspace: 'Building A',
    system: 'Heating',
    group: 'Boiler room',
    manufacturer: 'Viessmann',
    model: 'Vitocrossal 300',
    serial: 'VC300-118842',
    reference: 'VIE-A-HEAT-01',
    description: 'Main boiler of Building A, 220 kW. Flue gas measurement every year.',
    managers: ['manager@demo.test'],
    inspection: true,
    maintenance: true,
    picture: { label: 'Gas boiler 1', colour: '#c0392b' },
    // Expired a month ago: the facility manager must book the inspection.
    files: [
      { name: 'Flue gas inspection', kind: 'inspection_certificate', issuedDaysAgo: 395, validForDays: 365 },
    ],
  },
  {
    name: 'Gas boiler 2',
    workspace: 'Building A',
    system: 'Heating',
    group: 'Boiler room',
    status: 2,
    manufacturer: 'Viessmann',
    model: 'Vitocrossal 300',
    serial: 'VC300-118843',
    reference: 'VIE-A-HEAT-02',
    inspection: true,
    files: [
      { name: 'Flue gas inspection', kind: 'inspection_certificate', issuedDaysAgo: 345, validForDays: 365 },
      {
        name: 'Service contract Viessmann',
        kind: 'maintenance_contract',
        issuedDaysAgo: 200,
        validForDays: 900,
      },
    ],
  },
  {
    name: 'Circulation pump',
    workspace: 'Building A',
    system: 'Heating',
    group: 'Boiler room',
    manufacturer: 'Grundfos',
    model: 'Magna3 40-120',
    serial: 'GF-M3-55120',
  },
  {
    name: 'Air handling unit AHU-1',
    workspace: 'Building A',
    system: 'Ventilation',
    manufacturer: 'Systemair',
    model: 'Topvex TR09',
    serial: 'SA-TR09-7781',
    reference: 'VIE-A-AHU-01',
    maintenance: true,
    picture: { label: 'AHU-1', colour: '#2980b9' },
    files: [
      {
        name: 'Hygiene inspection VDI 6022',
        kind: 'inspection_certificate',
        issuedDaysAgo: 60,
        validForDays: 730,
      },
    ],
    issues: ['Service the air conditioning'],
  },
  {
    name: 'Passenger lift B',
    workspace: 'Building B',
    system: 'Lifts',
    status: 3,
    manufacturer: 'Schindler',
    model: '3300',
    serial: 'SCH-3300-20931',
    reference: 'VIE-B-LIFT',
    description: 'Out of order: door drive replaced, waiting for the acceptance test.',
    managers: ['manager@demo.test'],
    inspection: true,
    picture: { label: 'Lift B', colour: '#7f8c8d' },
    files: [
      { name: 'Operating permit', kind: 'permit', issuedDaysAgo: 700, validForDays: null },
      {
        name: 'Periodic lift inspection',
        kind: 'inspection_certificate',
        issuedDaysAgo: 340,
        validForDays: 365,
      },
    ],
  },
  {
    name: 'Fire extinguisher A-1',
    workspace: 'Building A',
    system: 'Fire safety',
    group: 'Fire extinguishers Vienna',
    manufacturer: 'Gloria',
    model: 'PD6GA',
    serial: 'GL-6-40211',
    inspection: true,
    files: [{ name: 'Extinguisher check', kind: 'test_report', issuedDaysAgo: 100, validForDays: 730 }],
    issues: ['Building A extinguishers'],
  },
  {
    name: 'Fire extinguisher B-1',
    workspace: 'B-001 Lobby',
    system: 'Fire safety',
    group: 'Fire extinguishers Vienna',
    manufacturer: 'Gloria',
    model: 'PD6GA',
    serial: 'GL-6-40212',
    inspection: true,
  },
  {
    name: 'Fire door lobby',
    workspace: 'B-001 Lobby',
    system: 'Fire safety',
    manufacturer: 'Hörmann',
    model: 'H3 OD',
    status: 4,
  },
  {
    name: 'Loading dock door',
    workspace: 'Graz Warehouse',
    system: 'Doors and gates',
    group: 'Loading dock',
    manufacturer: 'Hörmann',
    model: 'SPU F42',
    serial: 'HM-SPU-99120',
    reference: 'GRZ-DOCK-1',
    maintenance: true,
    picture: { label: 'Dock door', colour: '#d35400' },
    files: [
      {
        name: 'Door maintenance contract',
        kind: 'maintenance_contract',
        issuedDaysAgo: 30,
        validForDays: 335,
      },
    ],
    issues: ['Repair the loading dock door'],
  },
  {
    name: 'Dock leveller',
    workspace: 'Graz Warehouse',
    system: 'Doors and gates',
    group: 'Loading dock',
    manufacturer: 'Hörmann',
    model: 'HLS 2',
  },
  {
    name: 'Old chiller',
    workspace: 'Vienna HQ',
    system: 'Ventilation',
    status: 5,
    manufacturer: 'Carrier',
    model: '30RB',
    description: 'Replaced by the new chiller; kept for the records.',
  },
];

/** The system the demo shares with the partner company: its people see the dock's assets. */
const SHARED_SYSTEM: SystemName = 'Doors and gates';

/** A drawn "photo" of an asset, so the demo needs no image files. */
export async function drawnPicture(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#e8e6e1"/>
    <rect x="360" y="140" width="480" height="600" rx="24" fill="${colour}" stroke="#3d3a33" stroke-width="12"/>
    <rect x="420" y="210" width="360" height="160" rx="12" fill="#f4f1ea" opacity="0.85"/>
    <circle cx="600" cy="540" r="90" fill="#f4f1ea" opacity="0.6"/>
    <text x="600" y="830" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#3d3a33">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A one-page PDF with a title and lines of text (byte offsets in the xref table are exact). */
export function simplePdf(title: string, lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = [
    'BT /F1 22 Tf 72 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.map((line) => `0 -24 Td (${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, n) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${n + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function seedDemoAssets(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<void> {
  const clientId = await findDemoClientId(ctx.db);
  if (!clientId) return;
  const workspaces = new Map(
    (
      await ctx.db.selectFrom('workspaces').select(['id', 'name']).where('client_id', '=', clientId).execute()
    ).map((w) => [w.name, w.id]),
  );
  const users = new Map(
    (await ctx.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  const admin = users.get('admin@demo.test') ?? null;
  const today = new Date().toISOString().slice(0, 10);
  const workspace = (name: string) => {
    const id = workspaces.get(name);
    if (!id) throw new Error(`demo workspace ${name} missing`);
    return id;
  };
  const person = (email: string) => {
    const id = users.get(email);
    if (!id) throw new Error(`demo user ${email} missing`);
    return id;
  };

  await withFileCleanup(ctx, async (written) => {
    const pictures = new Map<string, Awaited<ReturnType<typeof prepareUploads>>>();
    for (const asset of ASSETS) {
      if (!asset.picture) continue;
      const data = await drawnPicture(asset.picture.label, asset.picture.colour);
      const name = `${asset.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jpg`;
      pictures.set(
        asset.name,
        await prepareUploads([{ index: 0, field: 'attachments.0.file', name, data, fields: {} }]),
      );
    }
    await ctx.db.transaction().execute(async (trx) => {
      const systems = await trx
        .insertInto('asset_systems')
        .values(
          SYSTEMS.map((name) => ({
            client_id: clientId,
            name,
            description: null,
            created_by: admin,
            deleted_at: null,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const systemId = (name: SystemName) => systems.find((s) => s.name === name)?.id ?? null;
      const groups = await trx
        .insertInto('asset_groups')
        .values(
          GROUPS.map((g) => ({
            client_id: clientId,
            workspace_id: workspace(g.workspace),
            name: g.name,
            description: null,
            created_by: admin,
            deleted_at: null,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const groupId = (name: GroupName | undefined) => groups.find((g) => g.name === name)?.id ?? null;
      const groupManagers = GROUPS.flatMap((g) =>
        g.managers.map((email) => ({
          client_id: clientId,
          group_id: groupId(g.name) as number,
          user_id: person(email),
        })),
      );
      if (groupManagers.length) await trx.insertInto('asset_group_managers').values(groupManagers).execute();

      const assets = await trx
        .insertInto('assets')
        .values(
          ASSETS.map((a) => ({
            client_id: clientId,
            workspace_id: workspace(a.workspace),
            group_id: groupId(a.group),
            system_id: systemId(a.system),
            name: a.name,
            status: a.status ?? 1,
            manufacturer: a.manufacturer ?? null,
            model: a.model ?? null,
            serial_number: a.serial ?? null,
            reference_number: a.reference ?? null,
            description: a.description ?? null,
            auth_inspection_required: a.inspection ?? false,
            auth_maintenance_required: a.maintenance ?? false,
            created_by: admin,
            deleted_at: null,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const assetId = (name: string) => assets.find((a) => a.name === name)?.id as number;
      const managers = ASSETS.flatMap((a) =>
        (a.managers ?? []).map((email) => ({
          client_id: clientId,
          asset_id: assetId(a.name),
          user_id: person(email),
        })),
      );
      if (managers.length) await trx.insertInto('asset_managers').values(managers).execute();

      for (const asset of ASSETS) {
        const files = pictures.get(asset.name);
        if (files) {
          await storeAttachments(ctx, trx, {
            clientId,
            ownerType: 'asset',
            ownerId: assetId(asset.name),
            userId: person('admin@demo.test'),
            files,
            written,
          });
        }
        for (const file of asset.files ?? []) {
          const issued = addDays(today, -file.issuedDaysAgo);
          const validUntil = file.validForDays === null ? null : addDays(issued, file.validForDays);
          const data = simplePdf(file.name, [
            `Asset: ${asset.name}`,
            `Serial number: ${asset.serial ?? '-'}`,
            `Issued on: ${issued}`,
            `Valid until: ${validUntil ?? 'no expiry'}`,
          ]);
          const key = newFileKey(clientId, 'regulatory', 'pdf');
          await ctx.storage.put(key, data);
          written.push(key);
          const row = await trx
            .insertInto('regulatory_files')
            .values({
              client_id: clientId,
              name: file.name,
              kind: file.kind,
              file_key: key,
              original_filename: `${file.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
              mime_type: 'application/pdf',
              size_bytes: data.length,
              issued_on: issued,
              valid_until: validUntil,
              uploaded_by: admin,
              deleted_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('regulatory_file_assets')
            .values({ client_id: clientId, file_id: row.id, asset_id: assetId(asset.name) })
            .execute();
        }
        for (const title of asset.issues ?? []) {
          await trx
            .updateTable('issues')
            .set({ asset_id: assetId(asset.name), asset_group_id: groupId(asset.group) })
            .where('client_id', '=', clientId)
            .where('title', '=', title)
            .execute();
        }
      }

      const collaboration = await trx
        .selectFrom('collaborations')
        .select('id')
        .where('client_id', '=', clientId)
        .where('invitation_status', '=', 'accepted')
        .executeTakeFirst();
      const shared = systemId(SHARED_SYSTEM);
      if (collaboration && shared) {
        await trx
          .insertInto('collaboration_asset_systems')
          .values({ client_id: clientId, collaboration_id: collaboration.id, system_id: shared })
          .execute();
      }
    });
  });
}
