import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { contentDisposition, FILE_CSP, safeFileName } from '../src/storage/file-routes.js';
import {
  FILE_URL_WINDOW_SECONDS,
  FileUrlSigner,
  fileUrlSigner,
  loadFileUrlSecret,
} from '../src/storage/file-urls.js';
import { attachmentForm, csv, eml, jpeg, pdf, pngWithHtml, xlsx } from './helpers/attachments-factories.js';
import { login } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { imageForm, pngImage } from './helpers/users-factories.js';

// Stored files are served only by the signed, expiring URLs the API answers (file-urls.ts), with
// headers that keep them from running anything (file-routes.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
// Tests that move the signer's clock put it back.
afterEach(() => {
  fileUrlSigner().clock = () => Date.now();
});

const at = (unixSeconds: number) => () => unixSeconds * 1000;

/** An issue of a team with the files given uploaded by the admin; the attachments as answered. */
async function uploaded(files: Array<{ file: Buffer; name: string }>) {
  const t = await createIssueTeam(server);
  const id = await t.issue({});
  const res = await server.callForm(
    'POST',
    `${API}/issue/${id}/upload`,
    attachmentForm(files),
    t.tokens.admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { t, id, attachments: res.body.data as Array<{ name: string; url: string }> };
}

const get = (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init);

function withQuery(url: string, change: (query: URLSearchParams) => void): string {
  const [path, search] = url.split('?') as [string, string];
  const query = new URLSearchParams(search);
  change(query);
  return `${path}?${query}`;
}

describe('signed file URLs', () => {
  it('every file URL the API answers carries an expiry within one to two hours and a signature', async () => {
    const { attachments } = await uploaded([{ file: await jpeg(300, 200), name: 'pump.jpg' }]);
    const url = attachments[0]?.url as string;
    expect(url).toMatch(
      /^\/api\/v4\/files\/\d+\/attachments\/[0-9a-f]{32}\.jpg\?name=pump\.jpg&expires=\d+&signature=[\w-]{43}$/,
    );
    const expires = Number(new URLSearchParams(url.split('?')[1]).get('expires'));
    const now = Date.now() / 1000;
    expect(expires - now).toBeGreaterThan(FILE_URL_WINDOW_SECONDS - 5);
    expect(expires - now).toBeLessThanOrEqual(2 * FILE_URL_WINDOW_SECONDS);
    // A whole window long, so browsers' caches hit.
    expect(expires % FILE_URL_WINDOW_SECONDS).toBe(0);
    const res = await get(url);
    expect(res.status).toBe(200);
  });

  it('refuses a URL without a signature, with a changed key, expiry, name or signature (403 invalid_token), never sending the file', async () => {
    const { attachments } = await uploaded([
      { file: pdf(), name: 'manual.pdf' },
      { file: await jpeg(50, 50), name: 'other.jpg' },
    ]);
    const url = attachments[0]?.url as string;
    const otherKey = String(attachments[1]?.url).split('?')[0] as string;
    const bare = url.split('?')[0] as string;
    const signature = new URLSearchParams(url.split('?')[1]).get('signature') as string;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      bare,
      withQuery(url, (q) => q.delete('signature')),
      withQuery(url, (q) => q.delete('expires')),
      withQuery(url, (q) => q.set('signature', flipped)),
      withQuery(url, (q) => q.set('signature', `${signature}A`)),
      withQuery(url, (q) => q.set('signature', '')),
      withQuery(url, (q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      withQuery(url, (q) => q.set('expires', 'soon')),
      withQuery(url, (q) => q.set('name', 'manual.html')),
      withQuery(url, (q) => q.delete('name')),
      `${otherKey}?${url.split('?')[1]}`,
      // The signature of a file that does not exist is as wrong as any.
      `${bare.replace(/[0-9a-f]{32}/, '0'.repeat(32))}?${url.split('?')[1]}`,
    ];
    for (const wrong of refused) {
      const res = await get(wrong);
      expect(res.status, wrong).toBe(403);
      const body = (await res.json()) as { error: string };
      expect(body.error, wrong).toBe('invalid_token');
      expect(JSON.stringify(body)).not.toContain('%PDF');
    }
    // HEAD (the viewer's check before it shows a PDF) follows the same rule.
    expect((await get(bare, { method: 'HEAD' })).status).toBe(403);
    expect((await get(url, { method: 'HEAD' })).status).toBe(200);
  });

  it('an expired URL answers 403 token_expired; the same file has a fresh URL for whoever may still see it', async () => {
    const { t, id, attachments } = await uploaded([{ file: pdf(), name: 'manual.pdf' }]);
    const url = attachments[0]?.url as string;
    const expires = Number(new URLSearchParams(url.split('?')[1]).get('expires'));
    fileUrlSigner().clock = at(expires - 1);
    const lastSecond = await get(url);
    expect(lastSecond.status).toBe(200);
    expect(lastSecond.headers.get('cache-control')).toBe('private, max-age=1');
    fileUrlSigner().clock = at(expires);
    const late = await get(url);
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ error: 'token_expired' });
    const again = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin });
    const fresh = again.body.attachments[0].url as string;
    expect(fresh).not.toBe(url);
    expect((await get(fresh)).status).toBe(200);
  });

  it('a partner who saw a file while the collaboration ran gets no fresh URL after it ended, and the old one dies with its expiry', async () => {
    const { t, id, attachments } = await uploaded([{ file: pdf(), name: 'contract.pdf' }]);
    const seen = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.collabMember });
    expect(seen.status).toBe(200);
    const partnersUrl = seen.body.attachments[0].url as string;
    expect(partnersUrl).toBe(attachments[0]?.url);
    expect((await get(partnersUrl)).status).toBe(200);

    const ended = await server.call('DELETE', `${API}/collaboration/${t.collaborationId}`, {
      token: t.tokens.admin,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    // No fresh URL: the API does not show them the issue any more.
    const after = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.collabMember });
    expect(after.status).toBe(404);
    // The URL they kept works until it expires (at most two hours), then never again.
    const expires = Number(new URLSearchParams(partnersUrl.split('?')[1]).get('expires'));
    fileUrlSigner().clock = at(expires);
    expect((await get(partnersUrl)).status).toBe(403);
    fileUrlSigner().clock = at(expires + 30 * 24 * 3600);
    expect((await get(partnersUrl)).status).toBe(403);
  });

  it('URLs within one window are identical (the browser cache hits) and change with the next window', () => {
    const signer = new FileUrlSigner(Buffer.alloc(32, 7));
    const key = '1/attachments/0123456789abcdef0123456789abcdef.png';
    const start = 1_800_000_000 - (1_800_000_000 % FILE_URL_WINDOW_SECONDS);
    signer.clock = at(start);
    const first = signer.url('/f/', key);
    signer.clock = at(start + FILE_URL_WINDOW_SECONDS - 1);
    expect(signer.url('/f/', key)).toBe(first);
    signer.clock = at(start + FILE_URL_WINDOW_SECONDS);
    const next = signer.url('/f/', key);
    expect(next).not.toBe(first);
    // Both are valid now: a page rendered a moment ago keeps working.
    const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1]));
    expect(signer.check(key, query(first))).toMatchObject({
      ok: true,
      remainingSeconds: FILE_URL_WINDOW_SECONDS,
    });
    expect(signer.check(key, query(next))).toMatchObject({
      ok: true,
      remainingSeconds: 2 * FILE_URL_WINDOW_SECONDS,
    });
    // Another installation's secret does not sign for this one.
    const other = new FileUrlSigner(Buffer.alloc(32, 8));
    other.clock = signer.clock;
    expect(other.check(key, query(next))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('the secret is FILE_URL_SECRET when set, else one random secret kept in the database for every server', async () => {
    expect(() => readConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
    const configured = 'x'.repeat(40);
    expect(readConfig({ FILE_URL_SECRET: configured }).fileUrlSecret).toBe(configured);
    expect((await loadFileUrlSecret(server.db, configured)).toString()).toBe(configured);
    const first = await loadFileUrlSecret(server.db, undefined);
    const second = await loadFileUrlSecret(server.db, undefined);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    const rows = await server.db.selectFrom('server_secrets').selectAll().execute();
    expect(rows.map((r) => r.name)).toEqual(['file_urls']);
    // A second server started on the same database reads the same secret: the URLs one server
    // answered are valid on the other.
    const { attachments } = await uploaded([{ file: pdf(), name: 'shared.pdf' }]);
    const url = attachments[0]?.url as string;
    const twin = new FileUrlSigner(await loadFileUrlSecret(server.db, undefined));
    const [path, search] = url.split('?') as [string, string];
    const key = path.slice('/api/v4/files/'.length);
    expect(twin.check(key, Object.fromEntries(new URLSearchParams(search)))).toMatchObject({ ok: true });
  });
});

describe('file responses', () => {
  it('pictures and PDFs inline, everything else as a download; nosniff, a sandboxing CSP, own frame rules, private caching', async () => {
    const { attachments } = await uploaded([
      { file: await jpeg(300, 200), name: 'Pumpe ä.jpg' },
      { file: pdf(), name: 'manual.pdf' },
      { file: csv(), name: 'readings.csv' },
      { file: eml(), name: 'mail.eml' },
      { file: await xlsx(), name: 'plan.xlsx' },
    ]);
    const expected = [
      ['image/jpeg', `inline; filename="Pumpe _.jpg"; filename*=UTF-8''Pumpe%20%C3%A4.jpg`],
      ['application/pdf', `inline; filename="manual.pdf"; filename*=UTF-8''manual.pdf`],
      ['text/csv; charset=utf-8', `attachment; filename="readings.csv"; filename*=UTF-8''readings.csv`],
      ['message/rfc822', `attachment; filename="mail.eml"; filename*=UTF-8''mail.eml`],
      [
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        `attachment; filename="plan.xlsx"; filename*=UTF-8''plan.xlsx`,
      ],
    ];
    for (const [n, attachment] of attachments.entries()) {
      const res = await get(attachment.url);
      expect(res.status, attachment.name).toBe(200);
      const h = res.headers;
      expect([h.get('content-type'), h.get('content-disposition')], attachment.name).toEqual(expected[n]);
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('content-security-policy')).toBe(FILE_CSP);
      expect(h.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      expect(h.get('content-security-policy')).toContain("default-src 'none'");
      expect(h.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(h.get('referrer-policy')).toBe('no-referrer');
      const cache = h.get('cache-control') as string;
      expect(cache).toMatch(/^private, max-age=\d+$/);
      expect(cache).not.toContain('immutable');
      const expires = Number(new URLSearchParams(attachment.url.split('?')[1]).get('expires'));
      const maxAge = Number(cache.split('=')[1]);
      // Never cached beyond the URL's own life.
      expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 1);
      expect(maxAge).toBeGreaterThan(0);
    }
  });

  it('thumbnails and profile pictures are signed too and shown inline', async () => {
    const { t, attachments } = await uploaded([{ file: await jpeg(1600, 1200), name: 'big.jpg' }]);
    const photo = attachments[0] as unknown as Record<string, string>;
    for (const url of [photo.web_mob_thumbnail_url, photo.thumbnail_1024_url] as string[]) {
      expect(url).toMatch(
        /^\/api\/v4\/files\/\d+\/thumbnails\/[0-9a-f]{32}\.jpg\?expires=\d+&signature=[\w-]{43}$/,
      );
      const file = await get(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="file\.jpg"/);
    }
    const token = await login(server, t.people.member);
    const picture = await server.callForm(
      'POST',
      `${API}/user/me`,
      imageForm(await pngImage(160, 140), 'me.png', 'image/png'),
      token,
    );
    expect(picture.status).toBe(200);
    const url = picture.body.profile_image as string;
    expect(url).toMatch(
      /^\/api\/v4\/files\/\d+\/profiles\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]{43}$/,
    );
    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; /);
    expect((await get(url.split('?')[0] as string)).status).toBe(403);
  });

  it('a profile picture with a web page appended is refused (file_content_not_allowed)', async () => {
    const t = await createIssueTeam(server);
    const token = await login(server, t.people.member);
    const res = await server.callForm(
      'POST',
      `${API}/user/me`,
      imageForm(await pngWithHtml(), 'me.png', 'image/png'),
      token,
    );
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ profile_image: 'file_content_not_allowed' });
  });
});

describe('download names', () => {
  const key = '1/attachments/0123456789abcdef0123456789abcdef';
  it('keep the uploaded name without unsafe characters, ending in what the file is', () => {
    expect(safeFileName('Report 2025.pdf', `${key}.pdf`)).toBe('Report 2025.pdf');
    expect(safeFileName('photo.JPEG', `${key}.jpg`)).toBe('photo.JPEG');
    // What it IS decides the ending: a PDF named .html is saved as a PDF.
    expect(safeFileName('invoice.html', `${key}.pdf`)).toBe('invoice.html.pdf');
    expect(safeFileName('a"b\\c/d\r\ne.csv', `${key}.csv`)).toBe('a_b_c_d__e.csv');
    // A right-to-left override would show "report‮fdp.exe" as "reportexe.pdf".
    expect(safeFileName('report\u202Efdp.exe', `${key}.pdf`)).toBe('report_fdp.exe.pdf');
    expect(safeFileName('...', `${key}.pdf`)).toBe('file.pdf');
    expect(safeFileName(undefined, `${key}.png`)).toBe('file.png');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`, `${key}.pdf`)).toMatch(/^x{137}…\.pdf$/);
    expect(contentDisposition(`${key}.svg`, 'logo.svg')).toMatch(/^attachment; /);
    expect(contentDisposition(`${key}.csv`, 'Prüfung (1).csv')).toBe(
      `attachment; filename="Pr_fung (1).csv"; filename*=UTF-8''Pr%C3%BCfung%20%281%29.csv`,
    );
  });
});
