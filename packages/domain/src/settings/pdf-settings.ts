import { PDF_DEFAULT_KEYS, type PDF_NAME_PARAMS, type PdfDefaultKey } from '../client/client-settings.js';

type PdfNameParam = (typeof PDF_NAME_PARAMS)[number];

/** Settings → PDF reports: a report must show something, so at least one part stays on. */
export function hasAnyPdfPart(defaults: Partial<Record<PdfDefaultKey, boolean>>): boolean {
  return PDF_DEFAULT_KEYS.some((key) => defaults[key] === true);
}

/** The example values a file-name preview is built from (the PDF export uses the real ones). */
const PREVIEW: Record<PdfNameParam, string> = {
  title: 'Leaking tap',
  process_number: 'P-1042',
  workspace: 'Main building',
  created_at: '2026-03-14',
  status: 'Done',
  id: '1042',
};

/** 'Leaking_tap-Main_building-2026-03-14.pdf': the parts in order, made safe for a file name. */
export function pdfFileNamePreview(params: readonly PdfNameParam[]): string {
  const parts = params.map((p) => PREVIEW[p].replace(/[^\p{L}\p{N}.-]+/gu, '_'));
  return `${parts.length ? parts.join('-') : 'report'}.pdf`;
}
