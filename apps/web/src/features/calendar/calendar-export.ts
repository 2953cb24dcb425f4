import { calendarContracts } from '@workbench/domain';
import { callRaw } from '../../api/client';
import { saveBlob } from '../issue-export/export-api';
import { fileNameFromDisposition } from '../issue-export/export-helpers';

/** The name used when the server sends none: yearly-calendar-<year>.pdf. */
export function defaultYearlyPdfName(year: string | undefined): string {
  return `yearly-calendar-${year ?? new Date().getFullYear()}.pdf`;
}

/**
 * Downloads the yearly grid as a PDF (GET calendar/yearly/export with the grid's query, 001 §7)
 * and saves it under the server's file name. Anything but a 200 with a file is a failure and
 * saves nothing (001 §8); an abort (the person cancelled) rejects with an AbortError.
 * Loaded only when the export is asked for.
 */
export async function downloadYearlyPdf(
  params: Record<string, string>,
  signal: AbortSignal,
): Promise<string> {
  const response = await callRaw(calendarContracts.yearlyExport, { query: params, signal });
  if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    defaultYearlyPdfName(params.year),
  );
  saveBlob(blob, fileName);
  return fileName;
}
