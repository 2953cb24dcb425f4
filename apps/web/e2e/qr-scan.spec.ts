import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import config from '../playwright.config';
import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Issue 21: scanning a printed workspace QR code with Chromium's fake camera (a video made here
// from the code the API prints), a location request answered with the browser's position, and
// switching organisations from the user menu. Against the real server and the demo data.

const baseURL = config.use?.baseURL as string;
const videoFile = join(mkdtempSync(join(tmpdir(), 'workbench-qr-')), 'workspace-qr.y4m');
const POSITION = { latitude: 48.2082, longitude: 16.3738 };

test.use({
  viewport: { width: 1280, height: 900 },
  geolocation: POSITION,
  permissions: ['geolocation', 'camera'],
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  },
});

type Auth = { authorization: string };

async function api<T>(path: string, auth: Auth, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL}/api/v4${path}`, {
    method: init.method ?? 'GET',
    headers: { ...auth, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? res.json() : res.arrayBuffer()) as Promise<T>;
}

async function token(email: string): Promise<Auth> {
  const res = await fetch(`${baseURL}/api/v4/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo12345' }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * A Y4M video (what Chromium's fake camera plays, in a loop) of a PNG: grey 4:2:0, the code
 * centred on white, a few identical frames. Written with sharp's raw output; no ffmpeg.
 */
async function writeY4m(png: Buffer, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const luma = await sharp(png)
    .resize(400, 400, { fit: 'contain', background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 120, right: 120, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([luma.info.width, luma.info.height, luma.info.channels]).toEqual([width, height, 1]);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma.data, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

let buildingA = 0;

// Before the browser starts (it reads the video file at launch): print Building A's code.
test.beforeAll(async () => {
  const admin = await token('admin@demo.test');
  const flat = await api<Array<{ id: number; name: string }>>('/workspace/flat', admin);
  buildingA = flat.find((w) => w.name === 'Building A')?.id ?? 0;
  expect(buildingA).toBeGreaterThan(0);
  const png = Buffer.from(await api<ArrayBuffer>(`/workspace/${buildingA}/qr_code?format=png`, admin));
  await writeY4m(png, videoFile);
});

test('the admin scans a workspace QR code with the camera and lands on the workspace', async ({ page }) => {
  await logInAs(page, 'admin@demo.test');
  await page.getByRole('banner').getByRole('link', { name: 'Scan a QR code' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scan$/);
  await expect(page.getByRole('heading', { name: 'Scan a QR code' })).toBeVisible();
  // The fake camera shows the printed code; the page opens the workspace by itself.
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspaces/detail/${buildingA}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Building A', level: 1 })).toBeVisible();
  // The scan log shows it, with the admin.
  const admin = await token('admin@demo.test');
  const log = await api<{ data: Array<{ user: { full_name: string } | null }> }>(
    `/qr_code/scan_log/${buildingA}`,
    admin,
  );
  expect(log.data[0]?.user?.full_name).toBe('Alice Admin');
});

test('the scan page explains itself and refuses a typed code that names nothing', async ({ page }) => {
  // This page's camera is refused (the fake one would open Building A by itself).
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('refused', 'NotAllowedError'));
  });
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/scan');
  await expect(page.getByRole('heading', { name: 'Type the code' })).toBeVisible();
  await expect(page.getByText(/The camera is not allowed/)).toBeVisible();
  await expectAccessible(page, 'scan page');
  await page
    .getByLabel('Code or address')
    .fill('https://example.test/public/report?workspace_id=AAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code could not be opened' })).toBeVisible();
});

test('a manager asks Anna for her location, she shares it, and it shows on her profile', async ({ page }) => {
  const admin = await token('admin@demo.test');
  const anna = await token('anna@demo.test');
  const annaMe = await api<{ id: number }>('/user/me', anna);
  const asked = await api<{ created: boolean; request: { id: number } }>(
    `/user/${annaMe.id}/request_location`,
    admin,
    { method: 'POST', body: { workspace_id: buildingA, message: 'Are you on site?' } },
  );
  expect(asked.request.id).toBeGreaterThan(0);

  await logInAs(page, 'anna@demo.test');
  const dialog = page.getByRole('dialog', { name: 'Share your location?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Alice Admin asks where you are in “Building A”.');
  await expect(dialog).toContainText('Are you on site?');
  await expectAccessible(page, 'location request dialog');
  await dialog.getByRole('button', { name: 'Share location' }).click();
  await expect(page.getByText('Your location was shared.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const logs = await api<{ records: Array<{ source: string; latitude: number | null }> }>(
    `/workspace/user/${annaMe.id}/presence/logs`,
    admin,
  );
  // Her shared position (other specs may have checked her in since).
  expect(logs.records.find((r) => r.source === 'location_request')).toMatchObject({
    latitude: POSITION.latitude,
  });

  // The admin sees it on Anna's profile, with a map link, and may ask again from there.
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/profile/detail/${annaMe.id}`);
  const shared = page.getByRole('region', { name: 'Shared locations' });
  const link = shared.getByRole('link', { name: /Shared location/ });
  await expect(link).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=48\.208200&mlon=16\.373800/);
  await page.getByRole('button', { name: 'Request location' }).click();
  const ask = page.getByRole('dialog', { name: /Ask .* for their location/ });
  await expect(ask).toBeVisible();
  await expectAccessible(page, 'request location dialog');
  await ask.getByRole('textbox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/was asked to share their location/)).toBeVisible();
});

test('the manager switches to the second organisation and back', async ({ page }) => {
  await logInAs(page, 'manager@demo.test');
  const header = page.getByRole('banner');
  await expect(header).toContainText('Demo Facility Services');
  await header.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: /Harbour Offices Ltd/ })).toBeVisible();
  await expectAccessible(page, 'user menu with organisations');
  await page.getByRole('menuitem', { name: /Harbour Offices Ltd/ }).click();
  await expect(header).toContainText('Harbour Offices Ltd');
  await page.goto('/dashboard/workspaces');
  await expect(page.getByText('Harbour House').first()).toBeVisible();
  await expect(page.getByText('Vienna HQ')).toHaveCount(0);
  await header.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: /Demo Facility Services/ }).click();
  await expect(header).toContainText('Demo Facility Services');
  await page.goto('/dashboard/workspaces');
  await expect(page.getByText('Vienna HQ').first()).toBeVisible();
  await expect(page.getByText('Harbour House')).toHaveCount(0);
});
