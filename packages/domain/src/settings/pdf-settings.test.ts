import { describe, expect, it } from 'vitest';
import { hasAnyPdfPart, pdfFileNamePreview } from './pdf-settings.js';

describe('pdf settings', () => {
  it('needs at least one part on', () => {
    expect(hasAnyPdfPart({ header: false, title: false })).toBe(false);
    expect(hasAnyPdfPart({ header: false, comments: true })).toBe(true);
    expect(hasAnyPdfPart({})).toBe(false);
  });
  it('previews a file name from the parts in order', () => {
    expect(pdfFileNamePreview(['title', 'workspace', 'created_at'])).toBe(
      'Leaking_tap-Main_building-2026-03-14.pdf',
    );
    expect(pdfFileNamePreview(['id'])).toBe('1042.pdf');
    expect(pdfFileNamePreview([])).toBe('report.pdf');
  });
});
