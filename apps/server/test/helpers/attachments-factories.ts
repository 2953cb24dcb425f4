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
