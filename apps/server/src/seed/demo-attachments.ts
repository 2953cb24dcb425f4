import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { storeAttachments, withFileCleanup } from '../modules/attachments/attachment-service.js';
import { type IncomingUpload, prepareUploads } from '../modules/attachments/attachment-upload.js';

/** The demo issue whose gallery gets photos, and who took them. */
const DEMO_GALLERY = { issueTitle: 'Clean the office windows', uploader: 'anna@demo.test' };

/** A drawn "photo" (a window before and after cleaning), so the demo needs no image files. */
async function drawnPhoto(label: string, glass: string, smudges: boolean): Promise<Buffer> {
  const spots = smudges
    ? Array.from({ length: 14 }, (_, n) => {
        const x = 180 + ((n * 137) % 860);
        const y = 120 + ((n * 89) % 520);
        return `<ellipse cx="${x}" cy="${y}" rx="${30 + (n % 4) * 12}" ry="${18 + (n % 3) * 10}" fill="#6b5b3e" fill-opacity="0.35"/>`;
      }).join('')
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#d9d4c7"/>
    <rect x="120" y="80" width="960" height="640" rx="12" fill="#f4f1ea" stroke="#8a8170" stroke-width="16"/>
    <rect x="150" y="110" width="440" height="580" fill="${glass}"/>
    <rect x="610" y="110" width="440" height="580" fill="${glass}"/>
    ${spots}
    <text x="600" y="820" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#3d3a33">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Two photos on one demo issue, so the gallery has something to show. Runs after the demo
 * organisation was seeded (the files need the file store, which the seed itself does not use).
 */
export async function seedDemoAttachments(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<void> {
  const issue = await ctx.db
    .selectFrom('issues')
    .select(['id', 'client_id'])
    .where('title', '=', DEMO_GALLERY.issueTitle)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const uploader = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_GALLERY.uploader)
    .executeTakeFirst();
  if (!issue || !uploader) return;
  const uploads: IncomingUpload[] = [
    {
      index: 0,
      field: 'attachments.0.file',
      name: 'windows-before.jpg',
      data: await drawnPhoto('Before cleaning', '#9fb3bf', true),
      fields: { description: 'Second floor, east side, before cleaning' },
    },
    {
      index: 1,
      field: 'attachments.1.file',
      name: 'windows-after.jpg',
      data: await drawnPhoto('After cleaning', '#cfe8f5', false),
      fields: { description: 'The same windows after cleaning' },
    },
  ];
  const files = await prepareUploads(uploads);
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute((trx) =>
      storeAttachments(ctx, trx, {
        clientId: issue.client_id,
        ownerType: 'issue',
        ownerId: issue.id,
        userId: uploader.id,
        files,
        written,
      }),
    ),
  );
}
