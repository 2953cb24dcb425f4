import { constants, inflateSync } from 'node:zlib';

/**
 * Checks of uploaded files for content that runs: markup a browser would execute in a text file,
 * a payload appended to a picture, scripts and automatic actions in a PDF. The server already
 * serves every file with nosniff, a sandboxing CSP and (but for pictures and PDFs) as a download;
 * these checks keep such files out of the store in the first place, so they are not handed on
 * to the desktop programs people open downloads with either.
 */

/**
 * Tags that run script or load something when a text is read as HTML or SVG, and script URLs.
 * Written as a browser reads them: `<` right before the name (`< script` is text), any case.
 */
const ACTIVE_MARKUP =
  /<(?:script|html|body|head|iframe|frame|frameset|svg|math|object|embed|applet|meta|link|base|form|img|image|video|audio|source|style|template|xml|\?xml|!doctype\s+html)[\s/>]|(?:javascript|vbscript|livescript):/i;

/**
 * A CSV (UTF-8 text) with markup a browser would run if it ever read it as a web page: scripts,
 * frames, SVG, objects, images with handlers, script URLs. Tables with `<` and `>` as values
 * (`< 5 bar`, `a<b`) pass; the whole file is read (attachments are 2 MB at most).
 */
export function hasActiveMarkup(text: string): boolean {
  return ACTIVE_MARKUP.test(text);
}

const HEADER_FIELD = /^[!-9;-~]+:/;
const CONTINUATION = /^[ \t]/;
/** At least one of these says it is a message (a draft may lack From or Date, not all of them). */
const MESSAGE_FIELDS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'received',
  'mime-version',
  'return-path',
  'delivered-to',
]);

/**
 * Whether a text is an Internet message (RFC 5322): it starts with header fields (an mbox
 * "From " line and a byte order mark may come first), every line up to the first empty one is a
 * field or the continuation of one, and one of them is a message's own (From, Subject, Date, ...).
 *
 * Only the top is judged: an HTML body part is how most e-mail is written, and a mail program
 * shows it in its own sandbox. An .eml is served as a download (message/rfc822, nosniff, CSP
 * sandbox), so no browser renders it as a page; what is refused is a web page or other text
 * merely named .eml, which a person would otherwise download and open believing it is a mail.
 */
export function isInternetMessage(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = lines[0]?.startsWith('From ') ? 1 : 0;
  let seen = false;
  let fields = 0;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') break;
    if (HEADER_FIELD.test(line)) {
      fields++;
      const name = line.slice(0, line.indexOf(':')).toLowerCase();
      if (MESSAGE_FIELDS.has(name)) seen = true;
    } else if (!(fields > 0 && CONTINUATION.test(line))) {
      return false;
    }
  }
  return fields > 0 && seen;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether a picture ends where its format ends, has something appended, or cannot be walked. */
export type PictureEnd = 'clean' | 'appended' | 'unreadable';

/** A PNG ends with its IEND chunk: anything after it (a web page, a program) is appended. */
function pngEnd(data: Buffer): PictureEnd {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'unreadable';
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) return 'unreadable';
    if (type === 'IEND') return end === data.length ? 'clean' : 'appended';
    at = end;
  }
  return 'unreadable';
}

/** A GIF ends with its trailer byte 0x3B, found by walking the blocks (0x3B occurs in image data). */
function gifEnd(data: Buffer): PictureEnd {
  const header = data.toString('latin1', 0, 6);
  if ((header !== 'GIF87a' && header !== 'GIF89a') || data.length < 13) return 'unreadable';
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Skips data sub-blocks (size byte, bytes, ..., a zero size); -1 past the end. */
  const skipSubBlocks = (from: number) => {
    let p = from;
    while (p < data.length) {
      const size = data[p] as number;
      p += 1;
      if (size === 0) return p;
      p += size;
    }
    return -1;
  };
  let at = 13 + colourTable(data[10] as number);
  while (at >= 0 && at < data.length) {
    const block = data[at];
    if (block === 0x3b) return at + 1 === data.length ? 'clean' : 'appended';
    if (block === 0x21) {
      // Extension: introducer, label, sub-blocks.
      at = skipSubBlocks(at + 2);
    } else if (block === 0x2c && at + 10 <= data.length) {
      // Image: descriptor (10 bytes), local colour table, LZW code size, sub-blocks.
      at = skipSubBlocks(at + 10 + colourTable(data[at + 9] as number) + 1);
    } else {
      return 'unreadable';
    }
  }
  return 'unreadable';
}

/**
 * Whether a PNG or GIF has data appended after its end (a web page or program glued to a
 * picture: a "polyglot" that is both). JPEG is not judged: cameras and phones append data of
 * their own (maker notes, the video of a motion photo), and a JPEG is never served as anything
 * but image/jpeg with nosniff.
 */
export function pictureEnd(data: Buffer, format: 'jpeg' | 'jpg' | 'png' | 'gif'): PictureEnd {
  if (format === 'png') return pngEnd(data);
  if (format === 'gif') return gifEnd(data);
  return 'clean';
}

/**
 * PDF names that make a document act on its own: scripts (/JavaScript, /JS), actions run on
 * opening or on events (/AA; an /OpenAction that runs a script or program does so through /JS or
 * /Launch), starting programs (/Launch), files carried inside (/EmbeddedFile, /EmbeddedFiles),
 * and Flash (/RichMedia). A plain /OpenAction (the page and zoom to open at) is harmless.
 */
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
]);

/** PDF name tokens (`/Name`, with `#xx` escapes decoded) of a piece of a PDF. */
function* pdfNames(text: string): Generator<string> {
  for (const match of text.matchAll(/\/([^\s()<>[\]{}/%]*)/g)) {
    const raw = match[1] as string;
    yield raw.includes('#')
      ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      : raw;
  }
}

/** Where an object, a cross-reference table or a trailer starts: never inside stream data. */
const OBJECT_MARKER = /\d+\s+\d+\s+obj\b|\bxref\b|\btrailer\b/;

type PdfStream = { dictionary: string; start: number; end: number };

/** Every stream of a PDF: its dictionary (from its object's start) and where its data lies. */
function pdfStreams(text: string): PdfStream[] {
  const streams: PdfStream[] = [];
  // `stream` as a keyword: not the end of `endstream`, followed by its end of line.
  for (const match of text.matchAll(/(?<![A-Za-z])stream(?:\r\n|\n|\r)/g)) {
    const keyword = match.index as number;
    const start = keyword + match[0].length;
    const end = text.indexOf('endstream', start);
    const objectStart = text.lastIndexOf(' obj', keyword);
    streams.push({
      dictionary: text.slice(Math.max(objectStart, 0), keyword),
      start,
      end: end < 0 ? text.length : end,
    });
  }
  return streams;
}

/**
 * The PDF without its stream data (compressed pages and pictures: random bytes, in which a name
 * like /JS turns up by chance in about one file of a hundred). A stretch that holds an object,
 * a cross-reference table or a trailer is kept: a viewer finds objects by their offsets, so one
 * hidden between a `stream` and an `endstream` must be read as well.
 */
function withoutStreamData(text: string, streams: PdfStream[]): string {
  const kept: string[] = [];
  let at = 0;
  for (const stream of streams) {
    if (stream.start < at) continue;
    const data = text.slice(stream.start, stream.end);
    if (OBJECT_MARKER.test(data)) continue;
    kept.push(text.slice(at, stream.start));
    at = stream.end;
  }
  kept.push(text.slice(at));
  return kept.join('\n');
}

/**
 * The decompressed contents of every object stream (PDF 1.5+ keeps dictionaries there), or
 * 'unreadable' for one this check cannot unpack.
 */
function* objectStreams(pdf: Buffer, streams: PdfStream[]): Generator<Buffer | 'unreadable'> {
  for (const stream of streams) {
    const names = [...pdfNames(stream.dictionary)];
    if (!names.includes('ObjStm')) continue;
    const filters = names.filter((n) => n.endsWith('Decode'));
    const raw = pdf.subarray(stream.start, stream.end);
    if (!filters.length) {
      yield raw;
    } else if (filters.length > 1 || filters[0] !== 'FlateDecode') {
      yield 'unreadable';
    } else {
      try {
        // Bounded, so a small stream cannot unpack into gigabytes; a missing end is tolerated.
        yield inflateSync(raw, { maxOutputLength: 50_000_000, finishFlush: constants.Z_SYNC_FLUSH });
      } catch {
        yield 'unreadable';
      }
    }
  }
}

const hasActiveName = (text: string) => {
  for (const name of pdfNames(text)) if (ACTIVE_PDF_NAMES.has(name)) return true;
  return false;
};

/**
 * Whether a PDF acts on its own (ACTIVE_PDF_NAMES, also spelt with #xx escapes), in its objects
 * or in its object streams. An object stream that cannot be unpacked (an unknown filter, broken
 * data) counts as active: it could hide anything. An encrypted PDF's object streams cannot be
 * unpacked without decrypting, so there only the plain objects are checked (and a browser's PDF
 * viewer runs a PDF's scripts in its own sandbox, never as the app).
 */
export function pdfIsActive(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  const streams = pdfStreams(text);
  const objects = withoutStreamData(text, streams);
  if (hasActiveName(objects)) return true;
  const encrypted = [...pdfNames(objects)].includes('Encrypt');
  for (const stream of objectStreams(pdf, streams)) {
    if (stream === 'unreadable') {
      if (encrypted) continue;
      return true;
    }
    if (hasActiveName(stream.toString('latin1'))) return true;
  }
  return false;
}
