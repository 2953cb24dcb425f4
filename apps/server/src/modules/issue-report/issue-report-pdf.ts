import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { UiLanguage } from '@workbench/domain';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { REPORT_WORDS, type ReportWords } from './issue-report-words.js';

/**
 * The issue report as a PDF (001 §7 "Exports", issue 22): A4 portrait, the organisation's logo,
 * name and colour at the top, then the parts asked for — title, details, description, photos two
 * per row with their descriptions, checklists with ticks, the dynamic form's answers, comments,
 * the work-time log, the activity log, sub-issues and watchers — and 'n / m' at the foot of
 * every page. Text is DejaVu Sans, embedded as a subset with its ToUnicode map (as the yearly
 * calendar's PDF), so Polish, Turkish, Croatian, Ukrainian and Russian print and extract as typed.
 *
 * Memory: the document is a stream the caller pipes to the reply. Photos are read, converted
 * and embedded one at a time; pdfkit writes an image's bytes out when it is embedded and drops
 * them (JPEG), and the renderer waits for the reader before the next photo when more than
 * STREAM_HIGH_WATER bytes are queued. Page numbers need the page count, so pages are buffered
 * (bufferPages): what stays in memory until the end is each page's content stream, the drawing
 * operators only (a few kB a page, some 150 kB for 100 photos), never the pictures.
 */

export type ReportRow = { label: string; value: string };
export type ReportEntry = { heading: string; text: string | null };
export type ReportPhoto = { key: string | null; description: string | null };
export type ReportChecklist = {
  title: string;
  items: { title: string; done: boolean; description: string | null }[];
};
export type ReportSubtask = { title: string; status: string; assignee: string | null; due: string | null };

export type IssueReportDocument = {
  language: UiLanguage;
  organisation: { name: string; logoKey: string | null; color: string };
  issueId: number;
  generatedAt: string;
  header: boolean;
  title: string | null;
  details: ReportRow[] | null;
  description: string | null;
  photos: ReportPhoto[] | null;
  checklists: ReportChecklist[] | null;
  form: { title: string; rows: ReportRow[] } | null;
  comments: ReportEntry[] | null;
  worktime: ReportEntry[] | null;
  activity: ReportEntry[] | null;
  subtasks: ReportSubtask[] | null;
  watchers: string[] | null;
};

/** Reads a stored file (the storage's get). */
export type ReadFile = (key: string) => Promise<Buffer | undefined>;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function dejaVu(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, bottom: 56, side: 44 };
const CONTENT = PAGE.width - 2 * MARGIN.side;
const PHOTO_GAP = 14;
const PHOTO_WIDTH = (CONTENT - PHOTO_GAP) / 2;
const PHOTO_HEIGHT = 180;
const TEXT = '#212529';
const MUTED = '#6c757d';
const LINE = '#dee2e6';
/** Bytes queued for the reader beyond which the next photo waits. */
const STREAM_HIGH_WATER = 4 * 1024 * 1024;

/** A photo as a JPEG pdfkit embeds (any stored image; null when it cannot be read). */
async function photoJpeg(read: ReadFile, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const data = await read(key);
  if (!data) return null;
  try {
    return await sharp(data)
      .rotate()
      .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

async function logoPng(read: ReadFile, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const data = await read(key);
  if (!data) return null;
  try {
    return await sharp(data).resize({ height: 120, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}

/** Waits while the reader is behind (bounded memory), or until the reader went away. */
async function waitForReader(doc: Readable, aborted: () => boolean): Promise<void> {
  while (doc.readableLength > STREAM_HIGH_WATER && !aborted() && !doc.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export type RenderedReport = {
  stream: Readable;
  /** Settles when the document is complete (rejects on a failure while writing). */
  done: Promise<void>;
};

/**
 * Starts writing the report; the stream carries the PDF as it is made. `aborted` tells the
 * renderer the reader has gone (a closed download), so it stops waiting and finishes quickly.
 */
export function renderIssueReport(
  input: IssueReportDocument,
  read: ReadFile,
  aborted: () => boolean = () => false,
): RenderedReport {
  const words = REPORT_WORDS[input.language];
  const font = dejaVu();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.side, right: MARGIN.side },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${words.report} #${input.issueId}${input.title ? ` – ${input.title}` : ''}`,
      Author: input.organisation.name,
      Creator: 'Workbench',
    },
    lang: input.language,
    displayTitle: true,
  });
  doc.registerFont('regular', font.regular);
  doc.registerFont('bold', font.bold);
  // A thin band in the organisation's colour on every page.
  doc.on('pageAdded', () => {
    doc.save().rect(0, 0, PAGE.width, 6).fill(input.organisation.color).restore();
    doc.x = MARGIN.side;
    doc.y = MARGIN.top;
  });
  const done = write(doc, input, words, read, aborted).catch((err: unknown) => {
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  // The caller reads failures from `done`; the stream's own error must not go unhandled.
  done.catch(() => {});
  return { stream: doc as unknown as Readable, done };
}

async function write(
  doc: PDFKit.PDFDocument,
  input: IssueReportDocument,
  words: ReportWords,
  read: ReadFile,
  aborted: () => boolean,
): Promise<void> {
  const left = MARGIN.side;
  const bottom = () => PAGE.height - MARGIN.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const color = input.organisation.color;

  doc.addPage();
  if (input.header) {
    const logo = await logoPng(read, input.organisation.logoKey);
    let textLeft = left;
    if (logo) {
      doc.image(logo, left, MARGIN.top - 14, { fit: [120, 40] });
      textLeft = left + 132;
    }
    doc.font('bold').fontSize(13).fillColor(TEXT);
    doc.text(input.organisation.name, textLeft, MARGIN.top - 10, {
      width: CONTENT - (textLeft - left) - 120,
    });
    doc.font('regular').fontSize(8.5).fillColor(MUTED);
    doc.text(`${words.report} #${input.issueId}`, left, MARGIN.top - 10, { width: CONTENT, align: 'right' });
    doc.text(`${words.generated} ${input.generatedAt}`, left, MARGIN.top + 2, {
      width: CONTENT,
      align: 'right',
    });
    const y = Math.max(doc.y, MARGIN.top + 30) + 8;
    doc
      .moveTo(left, y)
      .lineTo(left + CONTENT, y)
      .lineWidth(1.5)
      .strokeColor(color)
      .stroke();
    doc.x = left;
    doc.y = y + 12;
  }
  if (input.title) {
    doc.font('bold').fontSize(18).fillColor(TEXT).text(input.title, left, doc.y, { width: CONTENT });
    doc.moveDown(0.6);
  }

  const heading = (text: string) => {
    ensure(48);
    doc.moveDown(0.4);
    doc.font('bold').fontSize(12).fillColor(color).text(text, left, doc.y, { width: CONTENT });
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + CONTENT, y)
      .lineWidth(0.6)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + 6;
    doc.fillColor(TEXT);
  };

  const rows = (items: ReportRow[]) => {
    const labelWidth = 150;
    for (const row of items) {
      doc.font('regular').fontSize(9.5);
      const height = Math.max(
        doc.heightOfString(row.label, { width: labelWidth - 8 }),
        doc.heightOfString(row.value || '–', { width: CONTENT - labelWidth }),
      );
      ensure(Math.min(height, 200) + 4);
      const y = doc.y;
      doc
        .font('bold')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(row.label, left, y, { width: labelWidth - 8 });
      doc
        .font('regular')
        .fillColor(TEXT)
        .text(row.value || '–', left + labelWidth, y, { width: CONTENT - labelWidth });
      doc.y = Math.max(doc.y, y + height) + 3;
    }
    doc.x = left;
  };

  const entries = (items: ReportEntry[]) => {
    for (const entry of items) {
      ensure(34);
      doc.font('bold').fontSize(9).fillColor(MUTED).text(entry.heading, left, doc.y, { width: CONTENT });
      if (entry.text) {
        doc.font('regular').fontSize(9.5).fillColor(TEXT).text(entry.text, left, doc.y, { width: CONTENT });
      }
      doc.moveDown(0.5);
    }
  };

  if (input.details) {
    heading(words.details);
    rows(input.details);
  }
  if (input.description) {
    heading(words.description);
    doc.font('regular').fontSize(10).fillColor(TEXT).text(input.description, left, doc.y, { width: CONTENT });
  }
  if (input.photos?.length) {
    heading(words.photos);
    await photos(doc, input.photos, words, read, aborted, ensure);
  }
  if (input.checklists?.length) {
    heading(words.checklists);
    for (const list of input.checklists) {
      ensure(36);
      doc.font('bold').fontSize(10).fillColor(TEXT).text(list.title, left, doc.y, { width: CONTENT });
      for (const item of list.items) {
        ensure(16);
        doc
          .font('regular')
          .fontSize(9.5)
          .fillColor(item.done ? TEXT : MUTED)
          .text(`${item.done ? '☑' : '☐'}  ${item.title}`, left + 8, doc.y, { width: CONTENT - 8 });
        if (item.description) {
          doc
            .fontSize(8.5)
            .fillColor(MUTED)
            .text(item.description, left + 24, doc.y, { width: CONTENT - 24 });
        }
      }
      doc.moveDown(0.5);
    }
  }
  if (input.form) {
    heading(input.form.title);
    rows(input.form.rows);
  }
  if (input.comments?.length) {
    heading(words.comments);
    entries(input.comments);
  }
  if (input.worktime?.length) {
    heading(words.worktime_log);
    entries(input.worktime);
  }
  if (input.activity?.length) {
    heading(words.activity_log);
    entries(input.activity);
  }
  if (input.subtasks?.length) {
    heading(words.subtasks);
    entries(
      input.subtasks.map((s) => ({
        heading: s.title,
        text: [
          `${words.status}: ${s.status}`,
          s.assignee ? `${words.assignee}: ${s.assignee}` : null,
          s.due ? `${words.due_date}: ${s.due}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    );
  }
  if (input.watchers?.length) {
    heading(words.watchers);
    doc.font('regular').fontSize(9.5).fillColor(TEXT).text(input.watchers.join(', '), left, doc.y, {
      width: CONTENT,
    });
  }

  // 'n / m' at the foot of every page, below the bottom margin (lifted so pdfkit adds no page).
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(`${page + 1} / ${count}`, left, PAGE.height - MARGIN.bottom + 22, {
      width: CONTENT,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.end();
  // 'end' only fires once the reader has read everything; resolve on finishing the write.
  await Promise.race([ended, new Promise<void>((resolve) => setImmediate(resolve))]);
}

/** Two photos a row, each fitted into its cell, with its description (up to four lines) under it. */
async function photos(
  doc: PDFKit.PDFDocument,
  items: ReportPhoto[],
  words: ReportWords,
  read: ReadFile,
  aborted: () => boolean,
  ensure: (height: number) => void,
): Promise<void> {
  const left = MARGIN.side;
  const captionOptions = { width: PHOTO_WIDTH, height: 48, ellipsis: true };
  for (let index = 0; index < items.length; index += 2) {
    const pair = items.slice(index, index + 2);
    doc.font('regular').fontSize(8.5);
    const captions = pair.map((p) =>
      p.description ? Math.min(doc.heightOfString(p.description, captionOptions), 48) : 0,
    );
    const rowHeight = PHOTO_HEIGHT + Math.max(0, ...captions) + 14;
    ensure(rowHeight);
    const top = doc.y;
    for (const [column, photo] of pair.entries()) {
      await waitForReader(doc as unknown as Readable, aborted);
      const x = left + column * (PHOTO_WIDTH + PHOTO_GAP);
      const jpeg = await photoJpeg(read, photo.key);
      if (jpeg) {
        doc.image(jpeg, x, top, { fit: [PHOTO_WIDTH, PHOTO_HEIGHT], align: 'center', valign: 'center' });
      } else {
        doc.rect(x, top, PHOTO_WIDTH, PHOTO_HEIGHT).lineWidth(0.5).strokeColor(LINE).stroke();
        doc
          .font('regular')
          .fontSize(8.5)
          .fillColor(MUTED)
          .text(words.photo_missing, x, top + PHOTO_HEIGHT / 2 - 5, { width: PHOTO_WIDTH, align: 'center' });
      }
      if (photo.description) {
        doc
          .font('regular')
          .fontSize(8.5)
          .fillColor(TEXT)
          .text(photo.description, x, top + PHOTO_HEIGHT + 4, captionOptions);
      }
    }
    doc.x = left;
    doc.y = top + rowHeight;
  }
}
