import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expectAccessible } from './axe';
import { apiToken, demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { png, readQrCode } from './images';

// The issue PDF report (issue 22; 001 §2 "Issue PDF export dialog"): an admin opens "Export to
// PDF" on an issue with two photos, picks a custom report with one photo without its
// description, saves the download under the server's name, and page 1 renders (pdftoppm, from
// poppler-utils) as a real picture, not a blank page.
test.use({ viewport: { width: 1400, height: 900 } });

test('a custom PDF report of an issue with photos is exported, saved and renders', async ({
  page,
  request,
}) => {
  const title = `Leaking pipe ${Date.now()}`;
  const { issueId, auth } = await demoIssue(request, title);
  const upload = await request.post(`/api/v4/issue/${issueId}/upload`, {
    headers: auth,
    multipart: {
      'attachments[0][file]': {
        name: 'before.png',
        mimeType: 'image/png',
        buffer: png(640, 480, [200, 40, 40]),
      },
      'attachments[0][description]': 'Pipe before the repair',
      'attachments[1][file]': {
        name: 'after.png',
        mimeType: 'image/png',
        buffer: png(640, 480, [40, 160, 60]),
      },
      'attachments[1][description]': 'Pipe after the repair',
    },
  });
  expect(upload.status()).toBe(200);

  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Export to PDF' }).click();
  const dialog = page.getByTestId('issue-report-dialog');
  await expect(dialog.getByRole('tab', { name: 'Standard' })).toBeVisible();
  await expectAccessible(page, 'issue report dialog');

  // Custom: nothing ticked is refused in the dialog; then title, details and one photo.
  await dialog.getByRole('tab', { name: 'Custom' }).click();
  for (const part of [
    'header',
    'title',
    'details',
    'description',
    'media',
    'comments',
    'activity_log',
    'ws_reference_number',
    'forms',
    'checklists_on_report',
  ]) {
    const box = dialog.getByTestId(`issue-report-part-${part}`);
    if (await box.isChecked()) await box.uncheck();
  }
  await dialog.getByTestId('issue-report-export').click();
  await expect(dialog.getByText('At least 1 checkbox has to be selected')).toBeVisible();
  await dialog.getByTestId('issue-report-part-title').check();
  await dialog.getByTestId('issue-report-part-details').check();
  await dialog.getByTestId('issue-report-part-media').check();
  const photos = dialog.getByTestId('issue-report-photo');
  await expect(photos).toHaveCount(2);
  await photos.first().uncheck();
  await expect(dialog.getByText('At least 1 checkbox has to be selected')).toHaveCount(0);

  const requested = page.waitForRequest((r) => r.url().includes(`/api/v4/issue/${issueId}/download/pdf`));
  const downloaded = page.waitForEvent('download');
  await dialog.getByTestId('issue-report-export').click();
  const url = new URL((await requested).url());
  expect(url.searchParams.get('export_type')).toBe('custom');
  expect(url.searchParams.get('include_media')).toBe('1');
  expect(url.searchParams.get('include_comments')).toBe('0');
  expect(url.searchParams.get('media')).toMatch(/^\d+:1$/);
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Leaking_pipe_\d+-Building_A-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByTestId('issue-report-dialog')).toHaveCount(0);

  const folder = mkdtempSync(join(tmpdir(), 'issue-report-e2e-'));
  const file = join(folder, download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(folder, 'page')]);
  const rendered = readFileSync(join(folder, 'page-1.png'));
  const { channels } = await sharp(rendered).stats();
  // A blank page is white throughout; the photo (green) and the text make the page vary.
  expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
  const { data, info } = await sharp(rendered).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let green = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i + 1] ?? 0) > 120 && (data[i] ?? 255) < 90 && (data[i + 2] ?? 255) < 110) green++;
  }
  expect(green).toBeGreaterThan(1000);
  test
    .info()
    .attachments.push({ name: 'page-1', path: join(folder, 'page-1.png'), contentType: 'image/png' });
  console.log(`issue report page 1: ${join(folder, 'page-1.png')}`);
});

test('a reporter downloads the PDF of their report from the follow page', async ({ page, request }) => {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: admin })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const buildingA = flat.find((w) => w.name === 'Building A');
  // The workspace's public code, as its printed QR code carries it.
  const qr = await request.get(`/api/v4/workspace/${buildingA?.id}/qr_code`, { headers: admin });
  const target = new URL(await readQrCode(await qr.body()));
  const code = [...target.searchParams.entries()].find(([name]) => name !== 'qr')?.[1];
  const title = `Broken window ${Date.now()}`;
  const reported = await request.post('/api/v4/public/issue', {
    data: {
      workspace_id: code,
      title,
      description: 'The window by the stairs is cracked.',
      reporter_name: 'Tina Tenant',
      reporter_email: `tina${Date.now()}@example.com`,
      language: 'en',
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const { issue_id: issueId, token } = (await reported.json()) as { issue_id: number; token: string };
  await page.goto(`/public/issue?issueId=${issueId}&token=${token}`);
  await expect(page.getByTestId('public-issue-title')).toHaveText(title);
  // One click: the export starts by itself, without options (no sub-issues, no e-mail copy).
  const requested = page.waitForRequest((r) =>
    r.url().includes(`/api/v4/public/issue/${issueId}/download/pdf`),
  );
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('public-report-pdf').click();
  const url = new URL((await requested).url());
  expect(url.searchParams.get('token')).toBe(token);
  expect(url.searchParams.has('send_email_copy')).toBe(false);
  expect((await downloaded).suggestedFilename()).toMatch(/^Broken_window_\d+-Building_A-.*\.pdf$/);
  await expect(page.getByTestId('public-report-dialog')).toHaveCount(0);
});
