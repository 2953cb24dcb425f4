import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Issue 19, the public area: a tenant scans the QR code of Building A with a phone, reports water
// on the floor with a photo, lands on the thank-you page and follows the report; staff see it,
// a member declines it, the admin tells the reporter, whose e-mail (in the outbox) links back
// to the follow page, which now says declined; the reporter answers there.

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// The QR code of a workspace is the only place its public code leaves the server (the API names
// workspaces by id): the test reads it the way a phone camera would, from the code itself.
// ---------------------------------------------------------------------------------------------

type BitMatrix = { size: number; isReserved: (row: number, col: number) => boolean };
const QRCode = require('qrcode/lib/core/qrcode') as {
  create: (text: string, options: object) => { modules: BitMatrix };
};
/** The eight mask patterns of the QR standard. */
const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];
const ECCode = require('qrcode/lib/core/error-correction-code') as {
  getBlocksCount: (version: number, level: unknown) => number;
  getTotalCodewordsCount: (version: number, level: unknown) => number;
};
const ECLevel = require('qrcode/lib/core/error-correction-level') as { M: unknown };
const QrUtils = require('qrcode/lib/core/utils') as { getSymbolTotalCodewords: (version: number) => number };

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** The dark modules of an SVG the server's QR library drew (one stroked path, a row a line). */
function modulesOf(svg: string): { size: number; dark: boolean[][]; margin: number } {
  const box = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const margin = 2;
  const size = box - 2 * margin;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([Mmh])(\d+(?:\.\d+)?)(?: (\d+(?:\.\d+)?))?/g)) {
    if (cmd === 'M') {
      x = Number(a);
      y = Math.floor(Number(b));
    } else if (cmd === 'm') x += Number(a);
    else {
      const line = dark[y - margin];
      for (let i = 0; line && i < Number(a); i++) line[x - margin + i] = true;
      x += Number(a);
    }
  }
  return { size, dark, margin };
}

/** Reads the text of a QR code (error correction M, as the server makes them): enough for a test. */
function decodeQrSvg(svg: string): string {
  const { size, dark } = modulesOf(svg);
  const version = (size - 17) / 4;
  for (let mask = 0; mask < 8; mask++) {
    const reserved = QRCode.create('x', { version, errorCorrectionLevel: 'M', maskPattern: mask }).modules;
    const bits: number[] = [];
    let row = size - 1;
    let inc = -1;
    for (let col = size - 1; col > 0; col -= 2) {
      if (col === 6) col--;
      while (true) {
        for (let c = 0; c < 2; c++) {
          if (reserved.isReserved(row, col - c)) continue;
          const bit = (dark[row]?.[col - c] ?? false) !== (MASKS[mask]?.(row, col - c) ?? false);
          bits.push(bit ? 1 : 0);
        }
        row += inc;
        if (row < 0 || size <= row) {
          row -= inc;
          inc = -inc;
          break;
        }
      }
    }
    const total = QrUtils.getSymbolTotalCodewords(version);
    const codewords = Array.from({ length: total }, (_, i) =>
      bits.slice(i * 8, i * 8 + 8).reduce((v, b) => (v << 1) | b, 0),
    );
    // De-interleave the data codewords of the blocks.
    const dataTotal = total - ECCode.getTotalCodewordsCount(version, ECLevel.M);
    const blocks = ECCode.getBlocksCount(version, ECLevel.M);
    const inGroup2 = total % blocks;
    const inGroup1 = blocks - inGroup2;
    const size1 = Math.floor(dataTotal / blocks);
    const sizes = Array.from({ length: blocks }, (_, b) => (b < inGroup1 ? size1 : size1 + 1));
    const data: number[][] = sizes.map(() => []);
    let index = 0;
    for (let i = 0; i < size1 + 1; i++)
      for (let b = 0; b < blocks; b++) if (i < (sizes[b] ?? 0)) data[b]?.push(codewords[index++] ?? 0);
    const stream = data.flat().flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
    let at = 0;
    const read = (n: number) => {
      let v = 0;
      for (let i = 0; i < n; i++) v = (v << 1) | (stream[at++] ?? 0);
      return v;
    };
    let text = '';
    let ok = true;
    while (at + 4 <= stream.length) {
      const mode = read(4);
      if (mode === 0) break;
      if (mode === 4) {
        const count = read(version < 10 ? 8 : 16);
        const bytes = Array.from({ length: count }, () => read(8));
        text += Buffer.from(bytes).toString('utf8');
      } else if (mode === 2) {
        let count = read(version < 10 ? 9 : 11);
        for (; count >= 2; count -= 2) {
          const v = read(11);
          text += (ALNUM[Math.floor(v / 45)] ?? '') + (ALNUM[v % 45] ?? '');
        }
        if (count === 1) text += ALNUM[read(6)] ?? '';
      } else if (mode === 1) {
        let count = read(version < 10 ? 10 : 12);
        for (; count >= 3; count -= 3) text += String(read(10)).padStart(3, '0');
        if (count === 2) text += String(read(7)).padStart(2, '0');
        if (count === 1) text += String(read(4));
      } else {
        ok = false;
        break;
      }
    }
    if (ok && /^https?:\/\//.test(text)) return text;
  }
  throw new Error('The QR code could not be read');
}

/** A small solid-colour PNG, so the server's content check and thumbnails see a real image. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const content = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(content) >>> 0);
    return Buffer.concat([length, content, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Auth = { authorization: string };
type OutboxMail = { to_email: string; subject: string; text: string; kind: string };

async function json<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  path: string,
  auth: Auth,
  data?: unknown,
) {
  const res = await request[method](`/api/v4/${path}`, { headers: auth, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The follow link of a mail (the reporter's private address of the report). */
const followLinkIn = (text: string) => {
  const link = /https?:\/\/[^\s]+\/public\/issue\?issueId=\d+&token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
};

async function phonePage(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
): Promise<Page> {
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    baseURL,
  });
  return phone.newPage();
}

test('a tenant reports from the QR code with a photo and follows it; staff decline it and tell the reporter, who reads it on the follow page and answers', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Water on the floor ${stamp}`;
  const email = `tenant${stamp}@example.com`;
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = await json<Array<{ id: number; name: string }>>(request, 'get', 'workspace/flat', admin);
  const buildingA = flat.find((w) => w.name === 'Building A');
  expect(buildingA).toBeTruthy();
  const qr = await request.get(`/api/v4/workspace/${buildingA?.id}/qr_code?format=svg`, { headers: admin });
  expect(qr.status()).toBe(200);
  const target = new URL(decodeQrSvg(await qr.text()));
  expect(target.pathname).toBe('/public/report');
  expect(target.searchParams.get('qr')).toBe('1');

  // The phone: the QR code's address opens the form, in the organisation's words.
  const phone = await phonePage(browser, baseURL);
  await phone.goto(`${target.pathname}${target.search}`);
  const form = phone.getByTestId('report-form');
  await expect(form).toBeVisible();
  await expect(phone.getByTestId('report-place')).toContainText('Building A');
  await expect(phone.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expectAccessible(phone, 'public report form (phone)');
  // Sent empty, the required title says so at the field, and nothing is sent.
  await phone.getByRole('button', { name: 'Send report' }).click();
  await expect(phone.getByText('Title is mandatory')).toBeVisible();

  await phone.getByRole('textbox', { name: 'What is wrong?' }).fill(title);
  await phone.getByRole('textbox', { name: 'Details' }).fill('A puddle by the lift, about a metre wide.');
  await phone
    .getByTestId('report-photo-input')
    .setInputFiles([{ name: 'puddle.png', mimeType: 'image/png', buffer: png(240, 180, [40, 90, 200]) }]);
  await expect(phone.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await phone.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await expect(phone.getByRole('checkbox', { name: 'Keep me informed by e-mail' })).toBeChecked();
  await phone.getByRole('button', { name: 'Send report' }).click();

  // The thank-you page: the follow link, the confirmation mail.
  await expect(phone).toHaveURL(/\/public\/thank-you$/);
  await expect(phone.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(
    phone.getByText('We sent a confirmation with this link to your e-mail address.'),
  ).toBeVisible();
  await phone.getByRole('link', { name: 'Follow your report' }).click();
  await expect(phone).toHaveURL(/\/public\/issue\?issueId=\d+&token=/);
  await expect(phone.getByTestId('public-issue-title')).toHaveText(title);
  await expect(phone.getByTestId('public-status')).toHaveAttribute('data-stage', 'received');
  await expect(phone.getByRole('link', { name: /^Photo 1: puddle\.png/ })).toBeVisible();
  await expectAccessible(phone, 'public follow page (phone)');
  const issueId = Number(new URL(phone.url()).searchParams.get('issueId'));

  // Staff: the report is in the list and its detail says it came in publicly.
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues?search=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('issue-row').filter({ hasText: title })).toBeVisible();
  // A member of Building A is given the report and declines it, saying why.
  const anna = (
    await json<{ data: Array<{ id: number; email: string }> }>(request, 'get', 'users/?search=anna', admin)
  ).data.find((u) => u.email === 'anna@demo.test');
  await json(request, 'put', `issue/${issueId}`, admin, { assignee_id: anna?.id });
  const annaAuth = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  await json(request, 'post', `issue/${issueId}/status`, annaAuth, {
    status_id: 4,
    note: 'This is the neighbouring building; we passed it on to its caretaker.',
  });
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Reported publicly')).toBeVisible();
  await page.getByRole('button', { name: 'Tell the reporter it was declined' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell the reporter it was declined' });
  await dialog
    .getByRole('textbox', { name: 'Message to the reporter' })
    .fill('Sorry, the lift in question belongs to house 3. Its caretaker knows.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  // The reporter's declined mail, with the follow link.
  let declined: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const outbox = await json<{ data: OutboxMail[] }>(request, 'get', 'mail/outbox?limit=100', admin);
      declined = outbox.data.find((m) => m.to_email === email && m.kind === 'public_report_declined');
      return Boolean(declined);
    })
    .toBe(true);
  expect(declined?.text).toContain('house 3');
  await phone.goto(followLinkIn(declined?.text ?? ''));
  await expect(phone.getByTestId('public-status')).toHaveAttribute('data-stage', 'declined');
  await expect(phone.getByTestId('public-status-badge')).toHaveText('Declined');

  // The reporter answers on the follow page; the message shows at once, as theirs.
  await phone.getByRole('textbox', { name: 'Your message' }).fill('Thank you, I will tell them.');
  await phone.getByRole('button', { name: 'Send message' }).click();
  await expect(phone.getByText('Your message was sent.')).toBeVisible();
  await expect(
    phone.getByTestId('public-comment').filter({ hasText: 'Thank you, I will tell them.' }),
  ).toContainText('You');
  await phone.context().close();
});
