import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';

/** Files to upload, made in memory: real images, documents, and things that only pretend. */

export async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A photo of random noise, which compresses badly: well over 2 MB. */
export async function noisyJpeg(width = 2600, height = 1950): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export function pdf(extraBytes = 0): Buffer {
  const body = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([Buffer.from(body), Buffer.alloc(extraBytes, 0x20), Buffer.from('\n%%EOF\n')]);
}

export async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Readings').addRow(['pump', 'pressure']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const csv = () => Buffer.from('pump;pressure\nP-1;2.5\n');

/** The start of a Linux program: whatever its name says, it is not a photo. */
export const elfBinary = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(512, 0x90)]);

/** The start of a Windows program. */
export const mzBinary = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0)]);

/** A form with attachment entries: {file, name, description?, ...} under `prefix[n][...]`. */
export function attachmentForm(
  entries: Array<{ file?: Buffer; name?: string } & Record<string, string | number | Buffer | undefined>>,
  options: { prefix?: string; fields?: Record<string, string> } = {},
): FormData {
  const prefix = options.prefix ?? 'attachments';
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  entries.forEach((entry, n) => {
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'name' || value === undefined) continue;
      if (key === 'file') {
        form.append(`${prefix}[${n}][file]`, new Blob([value as Buffer]), entry.name ?? `file-${n}`);
      } else {
        form.append(`${prefix}[${n}][${key}]`, String(value));
      }
    }
  });
  return form;
}

// Files that pretend: active content inside an accepted type (content-checks.ts refuses them).

/** A web page with a script, appended after a real picture's end (a PNG/GIF + HTML polyglot). */
export const HTML_PAYLOAD = '<html><body><script>alert(document.domain)</script></body></html>';

export async function pngWithHtml(): Promise<Buffer> {
  return Buffer.concat([await png(40, 30), Buffer.from(HTML_PAYLOAD)]);
}

export async function gif(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .gif()
    .toBuffer();
}

export async function gifWithHtml(): Promise<Buffer> {
  return Buffer.concat([await gif(), Buffer.from(HTML_PAYLOAD)]);
}

/** A CSV whose cell is a web page: harmless in a spreadsheet, a script in a browser. */
export const csvWithHtml = () => Buffer.from(`pump;note\nP-1;${HTML_PAYLOAD}\n`);

/** A CSV with `<` and `>` as values, as measurements have them. */
export const csvWithComparisons = () => Buffer.from('pump;pressure\nP-1;< 2.5 bar\nP-2;a<b>c\n');

/** A real e-mail with a text and an HTML part (the HTML part is how most mail is written). */
export const eml = () =>
  Buffer.from(
    [
      'Received: from mail.example.test by mx.example.test; Mon, 3 Mar 2025 10:00:00 +0000',
      'From: Anna <anna@example.test>',
      'To: Ben <ben@example.test>',
      'Subject: Pump P-1',
      '  (folded subject line)',
      'Date: Mon, 3 Mar 2025 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The pump is broken.',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><body><p>The pump is <b>broken</b>.</p></body></html>',
      '--b1--',
      '',
    ].join('\r\n'),
  );

/** A web page named .eml: no message headers at its top. */
export const htmlAsEml = () => Buffer.from(`<!DOCTYPE html>\n${HTML_PAYLOAD}\n`);

/**
 * A PDF of one page, with the extra objects given (each `<< ... >>` or a stream object's text,
 * numbered from 5) and extra entries of the catalog; the xref offsets are right.
 */
export function pdfWith(options: { catalog?: string; objects?: string[] } = {}): Buffer {
  const content = 'BT /F1 18 Tf 20 100 Td (Pump manual) Tj ET';
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(options.objects ?? []),
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF whose opening runs a script. */
export const pdfWithOpenActionScript = () =>
  pdfWith({ catalog: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (app.alert(1)) >>'] });

/** The same, with the names spelt in #xx escapes (/J#61vaScript is /JavaScript). */
export const pdfWithEscapedScript = () =>
  pdfWith({ catalog: '/OpenAction 5 0 R', objects: ['<< /S /J#61vaScript /#4A#53 (app.alert(1)) >>'] });

/** A PDF whose page runs an action when opened (/AA) that starts a program (/Launch). */
export const pdfWithLaunch = () =>
  pdfWith({ objects: ['<< /Type /Action /S /Launch /F (calc.exe) >>'], catalog: '/AA << /O 5 0 R >>' });

/** A PDF carrying a file inside. */
export const pdfWithEmbeddedFile = () =>
  pdfWith({ objects: ['<< /Type /EmbeddedFile /Length 5 >>\nstream\nMZ...\nendstream'] });

/** A PDF 1.5 object stream (compressed) that holds a script action. */
export function pdfWithScriptInObjectStream(): Buffer {
  const inner = '6 0 << /S /JavaScript /JS (app.alert(1)) >>';
  const packed = deflateSync(Buffer.from(inner));
  return pdfWith({
    catalog: '/OpenAction 6 0 R',
    objects: [
      `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`,
    ],
  });
}

/**
 * A harmless PDF as office programs write them: it opens at its first page (/OpenAction to a
 * destination), and a compressed stream's bytes happen to spell /JS and /AA (in compressed
 * pictures and pages that happens by chance in about one file of a hundred).
 */
export function plainPdfWithOpenAction(): Buffer {
  const packed = Buffer.concat([
    deflateSync(Buffer.from('BT /F1 12 Tf 20 60 Td (Second page) Tj ET')),
    Buffer.from([0x9c, 0x2f, 0x4a, 0x53, 0x20, 0x81, 0x2f, 0x41, 0x41, 0x0a, 0xf3]),
  ]);
  return pdfWith({
    catalog: '/OpenAction [3 0 R /Fit]',
    objects: [
      `<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n${packed.toString('latin1')}\nendstream`,
    ],
  });
}
