import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CALENDAR_DISPLAY_TYPES, type CalendarDisplayType, type UiLanguage } from '@workbench/domain';
import PDFDocument from 'pdfkit';

/**
 * The yearly calendar as a PDF (001 §7 calendar/yearly/export): landscape A4, a title with the
 * year and the organisation, one table per page of rows (the schedule and twelve month columns
 * with each cell's count, filled in the colour of its blockDisplayType), the header repeated on
 * every page and the legend of the display types at the bottom of each. The text is set in
 * DejaVu Sans, embedded (a subset, with its ToUnicode map), so Polish, Turkish and Cyrillic
 * titles print as typed (pdfkit's built-in Helvetica has no such glyphs).
 */

export type YearlyPdfRow = {
  title: string;
  /** Twelve cells, January to December. */
  cells: { count: number; blockDisplayType: CalendarDisplayType | null }[];
};

export type YearlyPdfInput = {
  year: number;
  organisation: string;
  language: UiLanguage;
  rows: YearlyPdfRow[];
  /** More schedules matched than the PDF holds (it shows the first ones). */
  truncatedFrom?: number;
};

type Words = {
  title: string;
  schedule: string;
  page: string;
  legend: string;
  none: string;
  more: (shown: number, total: number) => string;
  types: Record<CalendarDisplayType, string>;
};

/** The PDF's own words in the ten interface languages (the web's texts are not on the server). */
export const YEARLY_PDF_WORDS: Record<UiLanguage, Words> = {
  en: {
    title: 'Yearly calendar',
    schedule: 'Schedule',
    page: 'Page',
    legend: 'Legend',
    none: 'No schedules',
    more: (shown, total) => `The first ${shown} of ${total} schedules`,
    types: {
      IN_REVIEW: 'In review',
      COMPLETED: 'Completed',
      IN_PROGRESS: 'In progress',
      PLANNED: 'Planned',
      TODO: 'To do',
      OVERDUE: 'Overdue',
    },
  },
  de: {
    title: 'Jahreskalender',
    schedule: 'Zeitplan',
    page: 'Seite',
    legend: 'Legende',
    none: 'Keine Zeitpläne',
    more: (shown, total) => `Die ersten ${shown} von ${total} Zeitplänen`,
    types: {
      IN_REVIEW: 'In Prüfung',
      COMPLETED: 'Abgeschlossen',
      IN_PROGRESS: 'In Bearbeitung',
      PLANNED: 'Geplant',
      TODO: 'Zu erledigen',
      OVERDUE: 'Überfällig',
    },
  },
  pl: {
    title: 'Kalendarz roczny',
    schedule: 'Harmonogram',
    page: 'Strona',
    legend: 'Legenda',
    none: 'Brak harmonogramów',
    more: (shown, total) => `Pierwsze ${shown} z ${total} harmonogramów`,
    types: {
      IN_REVIEW: 'W weryfikacji',
      COMPLETED: 'Zakończone',
      IN_PROGRESS: 'W toku',
      PLANNED: 'Zaplanowane',
      TODO: 'Do zrobienia',
      OVERDUE: 'Po terminie',
    },
  },
  tr: {
    title: 'Yıllık takvim',
    schedule: 'Plan',
    page: 'Sayfa',
    legend: 'Açıklama',
    none: 'Plan yok',
    more: (shown, total) => `${total} planın ilk ${shown} tanesi`,
    types: {
      IN_REVIEW: 'İncelemede',
      COMPLETED: 'Tamamlandı',
      IN_PROGRESS: 'Devam ediyor',
      PLANNED: 'Planlandı',
      TODO: 'Yapılacak',
      OVERDUE: 'Gecikmiş',
    },
  },
  hr: {
    title: 'Godišnji kalendar',
    schedule: 'Raspored',
    page: 'Stranica',
    legend: 'Legenda',
    none: 'Nema rasporeda',
    more: (shown, total) => `Prvih ${shown} od ${total} rasporeda`,
    types: {
      IN_REVIEW: 'Na pregledu',
      COMPLETED: 'Završeno',
      IN_PROGRESS: 'U tijeku',
      PLANNED: 'Planirano',
      TODO: 'Za napraviti',
      OVERDUE: 'Zakašnjelo',
    },
  },
  uk: {
    title: 'Річний календар',
    schedule: 'Розклад',
    page: 'Сторінка',
    legend: 'Легенда',
    none: 'Немає розкладів',
    more: (shown, total) => `Перші ${shown} з ${total} розкладів`,
    types: {
      IN_REVIEW: 'На перевірці',
      COMPLETED: 'Завершено',
      IN_PROGRESS: 'У роботі',
      PLANNED: 'Заплановано',
      TODO: 'До виконання',
      OVERDUE: 'Прострочено',
    },
  },
  ru: {
    title: 'Годовой календарь',
    schedule: 'Расписание',
    page: 'Страница',
    legend: 'Легенда',
    none: 'Нет расписаний',
    more: (shown, total) => `Первые ${shown} из ${total} расписаний`,
    types: {
      IN_REVIEW: 'На проверке',
      COMPLETED: 'Завершено',
      IN_PROGRESS: 'В работе',
      PLANNED: 'Запланировано',
      TODO: 'К выполнению',
      OVERDUE: 'Просрочено',
    },
  },
  it: {
    title: 'Calendario annuale',
    schedule: 'Pianificazione',
    page: 'Pagina',
    legend: 'Legenda',
    none: 'Nessuna pianificazione',
    more: (shown, total) => `Le prime ${shown} di ${total} pianificazioni`,
    types: {
      IN_REVIEW: 'In revisione',
      COMPLETED: 'Completato',
      IN_PROGRESS: 'In corso',
      PLANNED: 'Pianificato',
      TODO: 'Da fare',
      OVERDUE: 'In ritardo',
    },
  },
  hu: {
    title: 'Éves naptár',
    schedule: 'Ütemezés',
    page: 'Oldal',
    legend: 'Jelmagyarázat',
    none: 'Nincs ütemezés',
    more: (shown, total) => `Az első ${shown} / ${total} ütemezés`,
    types: {
      IN_REVIEW: 'Ellenőrzés alatt',
      COMPLETED: 'Befejezve',
      IN_PROGRESS: 'Folyamatban',
      PLANNED: 'Tervezett',
      TODO: 'Teendő',
      OVERDUE: 'Lejárt',
    },
  },
  ro: {
    title: 'Calendar anual',
    schedule: 'Program',
    page: 'Pagina',
    legend: 'Legendă',
    none: 'Niciun program',
    more: (shown, total) => `Primele ${shown} din ${total} programe`,
    types: {
      IN_REVIEW: 'În revizuire',
      COMPLETED: 'Finalizat',
      IN_PROGRESS: 'În desfășurare',
      PLANNED: 'Planificat',
      TODO: 'De făcut',
      OVERDUE: 'Întârziat',
    },
  },
};

/** Cell fills (light, so the black count stays readable) and the legend's swatches. */
export const YEARLY_PDF_COLOURS: Record<CalendarDisplayType, string> = {
  IN_REVIEW: '#d0bfff',
  COMPLETED: '#b2f2bb',
  IN_PROGRESS: '#a5d8ff',
  PLANNED: '#dee2e6',
  TODO: '#ffec99',
  OVERDUE: '#ffc9c9',
};

/** Month names in the language, three letters where the language abbreviates so (Intl). */
export function yearlyMonthNames(language: UiLanguage): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => {
    const name = format.format(new Date(Date.UTC(2001, month, 15)));
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  });
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans (regular and bold), read once. */
function dejaVu(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

// Landscape A4 in points, and the table's geometry.
const PAGE = { width: 841.89, height: 595.28, margin: 32 };
const TITLE_HEIGHT = 44;
const HEADER_HEIGHT = 20;
const ROW_HEIGHT = 24;
const LEGEND_HEIGHT = 34;
const TITLE_COLUMN = 250;
const MONTH_COLUMN = (PAGE.width - 2 * PAGE.margin - TITLE_COLUMN) / 12;
const GRID = '#868e96';

/** Rows on one page: what fits between the title, the header and the legend. */
export const YEARLY_PDF_ROWS_PER_PAGE = Math.floor(
  (PAGE.height - 2 * PAGE.margin - TITLE_HEIGHT - HEADER_HEIGHT - LEGEND_HEIGHT) / ROW_HEIGHT,
);

/** The PDF of the yearly grid, as one buffer (a thousand rows make some 50 pages, a few hundred kB). */
export function renderYearlyPdf(input: YearlyPdfInput): Promise<Buffer> {
  const words = YEARLY_PDF_WORDS[input.language];
  const months = yearlyMonthNames(input.language);
  const font = dejaVu();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    // The layout places everything itself; no margin, so pdfkit never breaks a page on its own.
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: `${words.title} ${input.year} – ${input.organisation}`, Creator: 'Workbench' },
    lang: input.language,
  });
  doc.registerFont('regular', font.regular);
  doc.registerFont('bold', font.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const tableWidth = TITLE_COLUMN + 12 * MONTH_COLUMN;

  const pageStart = (): number => {
    doc.addPage();
    doc.font('bold').fontSize(16).fillColor('#000000');
    doc.text(`${words.title} ${input.year}`, left, PAGE.margin, { lineBreak: false });
    doc.font('regular').fontSize(10).fillColor('#495057');
    const subtitle = input.truncatedFrom
      ? `${input.organisation} · ${words.more(input.rows.length, input.truncatedFrom)}`
      : input.organisation;
    doc.text(subtitle, left, PAGE.margin + 21, { width: tableWidth, height: 14, ellipsis: true });
    const top = PAGE.margin + TITLE_HEIGHT;
    doc.rect(left, top, tableWidth, HEADER_HEIGHT).fill('#f1f3f5');
    doc.font('bold').fontSize(8.5).fillColor('#000000');
    doc.text(words.schedule, left + 4, top + 6, { width: TITLE_COLUMN - 8, lineBreak: false });
    months.forEach((name, month) => {
      doc.text(name, left + TITLE_COLUMN + month * MONTH_COLUMN, top + 6, {
        width: MONTH_COLUMN,
        align: 'center',
        lineBreak: false,
      });
    });
    legend();
    return top + HEADER_HEIGHT;
  };

  const legend = () => {
    const y = PAGE.height - PAGE.margin - LEGEND_HEIGHT + 12;
    doc.font('bold').fontSize(8).fillColor('#000000');
    doc.text(`${words.legend}:`, left, y + 1, { lineBreak: false });
    let x = left + doc.widthOfString(`${words.legend}:`) + 10;
    doc.font('regular');
    for (const type of CALENDAR_DISPLAY_TYPES) {
      doc.rect(x, y, 14, 10).fillAndStroke(YEARLY_PDF_COLOURS[type], GRID);
      doc.fillColor('#000000').text(words.types[type], x + 18, y + 1, { lineBreak: false });
      x += 18 + doc.widthOfString(words.types[type]) + 14;
    }
  };

  const rowAt = (row: YearlyPdfRow, y: number, shaded: boolean) => {
    if (shaded) doc.rect(left, y, TITLE_COLUMN, ROW_HEIGHT).fill('#f8f9fa');
    row.cells.forEach((cell, month) => {
      const x = left + TITLE_COLUMN + month * MONTH_COLUMN;
      if (cell.blockDisplayType)
        doc.rect(x, y, MONTH_COLUMN, ROW_HEIGHT).fill(YEARLY_PDF_COLOURS[cell.blockDisplayType]);
      if (cell.count) {
        doc.font('regular').fontSize(9).fillColor('#000000');
        doc.text(String(cell.count), x, y + 7.5, { width: MONTH_COLUMN, align: 'center', lineBreak: false });
      }
    });
    doc.font('regular').fontSize(8).fillColor('#000000');
    const title = { width: TITLE_COLUMN - 8, lineGap: -1 };
    // Centred in the row: one line or two (longer titles end in an ellipsis).
    const height = Math.min(doc.heightOfString(row.title, title), ROW_HEIGHT - 4);
    doc.text(row.title, left + 4, y + (ROW_HEIGHT - height) / 2, {
      ...title,
      height: ROW_HEIGHT - 4,
      ellipsis: true,
    });
  };

  const grid = (top: number, count: number) => {
    const bottom = top + count * ROW_HEIGHT;
    doc.lineWidth(0.5).strokeColor(GRID);
    for (let line = 0; line <= count; line++) {
      doc
        .moveTo(left, top + line * ROW_HEIGHT)
        .lineTo(left + tableWidth, top + line * ROW_HEIGHT)
        .stroke();
    }
    const headerTop = top - HEADER_HEIGHT;
    doc.rect(left, headerTop, tableWidth, bottom - headerTop).stroke();
    for (let column = 0; column <= 12; column++) {
      const x = left + TITLE_COLUMN + column * MONTH_COLUMN;
      doc.moveTo(x, headerTop).lineTo(x, bottom).stroke();
    }
  };

  if (!input.rows.length) {
    const top = pageStart();
    doc.font('regular').fontSize(10).fillColor('#495057');
    doc.text(words.none, left + 4, top + 8, { lineBreak: false });
  }
  for (let start = 0; start < input.rows.length; start += YEARLY_PDF_ROWS_PER_PAGE) {
    const top = pageStart();
    const block = input.rows.slice(start, start + YEARLY_PDF_ROWS_PER_PAGE);
    block.forEach((row, index) => {
      rowAt(row, top + index * ROW_HEIGHT, index % 2 === 1);
    });
    grid(top, block.length);
  }
  // Page numbers, once the number of pages is known.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.font('regular').fontSize(8).fillColor('#495057');
    doc.text(`${words.page} ${page + 1} / ${count}`, left, PAGE.height - PAGE.margin - 8, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
