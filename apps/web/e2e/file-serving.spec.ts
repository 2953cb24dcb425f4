import { demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { png } from './images';

// Files are served by signed, expiring URLs with a sandboxing CSP of their own (the server's
// storage/file-routes.ts). The viewer still shows a PDF inline, prints a photo, and downloads
// other files under their own names.
test.use({ viewport: { width: 1400, height: 900 } });

/** A one-page PDF with a line of text, offsets right, nothing active in it. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('the viewer shows a PDF inline, prints a photo and downloads a table by its name', async ({
  page,
  request,
}) => {
  const title = `Signed files ${Date.now()}`;
  const { issueId, auth } = await demoIssue(request, title);
  const upload = await request.post(`/api/v4/issue/${issueId}/upload`, {
    headers: auth,
    multipart: {
      'attachments[0][file]': { name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf('Pump manual') },
      'attachments[1][file]': { name: 'pump.png', mimeType: 'image/png', buffer: png(240, 160) },
      'attachments[2][file]': {
        name: 'readings.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('pump;pressure\nP-1;2.5\n'),
      },
    },
  });
  expect(upload.status()).toBe(200);

  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  const gallery = page.getByTestId('attachment-gallery');
  await gallery.getByText('List', { exact: true }).click();
  await expect(gallery.getByTestId('attachment-card')).toHaveCount(3);

  // The PDF inline: Chromium's viewer loads the signed URL inside the viewer's <object>.
  await gallery.getByRole('button', { name: 'Open manual.pdf' }).first().click();
  const viewer = page.getByTestId('attachment-viewer');
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('manual.pdf');
  const pdfObject = viewer.locator('object[type="application/pdf"]');
  await expect(pdfObject).toHaveAttribute(
    'data',
    /\/api\/v4\/files\/.+\.pdf\?name=manual\.pdf&expires=\d+&signature=/,
  );
  await expect.poll(() => page.frames().some((f) => /\/api\/v4\/files\/.+\.pdf\?/.test(f.url()))).toBe(true);
  await expect(viewer.getByText('This file cannot be previewed here.')).toBeHidden();

  // The photo prints from a frame of the page holding the picture (the file's own document is
  // sandboxed, so the page could not print it).
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('pump.png');
  await expect(viewer.getByTestId('viewer-image')).toBeVisible();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await viewer.getByRole('button', { name: 'Print' }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('iframe')].some(
          (f) => f.contentDocument?.querySelector('img')?.complete === true,
        ),
      ),
    )
    .toBe(true);
  expect(errors).toEqual([]);

  // The table is not previewed; its download keeps its name. (The print frame has the focus.)
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('readings.csv');
  await expect(viewer.getByText('This file cannot be previewed here.')).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).last().click();
  expect((await download).suggestedFilename()).toBe('readings.csv');
});
