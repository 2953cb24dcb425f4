import { describe, expect, it } from 'vitest';
import {
  initialReportForm,
  isUserCancel,
  reportFallbackName,
  reportPhotos,
  toggleReportPhoto,
} from './issue-report-state';

describe('issue report dialog state', () => {
  it('starts from the PDF defaults and the sub-issue setting', () => {
    const form = initialReportForm(
      { pdf_defaults: { comments: false, header: true }, include_export_subtasks: false },
      'de',
      [{ id: 3 }, { id: 5 }],
    );
    expect(form).toMatchObject({
      export_type: 'standard',
      include_subtasks: false,
      send_email_copy: false,
      language: 'de',
    });
    expect(form.parts.comments).toBe(false);
    expect(form.parts.title).toBe(true);
    expect(form.media).toEqual([
      { id: 3, include_description: true },
      { id: 5, include_description: true },
    ]);
  });

  it('keeps the photos in gallery order when toggled', () => {
    const order = [3, 5, 7];
    let media = toggleReportPhoto([], order, 7, { included: true });
    media = toggleReportPhoto(media, order, 3, { included: true });
    expect(media.map((m) => m.id)).toEqual([3, 7]);
    media = toggleReportPhoto(media, order, 7, { include_description: false });
    expect(media).toEqual([
      { id: 3, include_description: true },
      { id: 7, include_description: false },
    ]);
    expect(toggleReportPhoto(media, order, 3, { included: false }).map((m) => m.id)).toEqual([7]);
  });

  it('offers only pictures, names a file without a header, and tells a cancel from a timeout', () => {
    expect(
      reportPhotos([{ media_type: 'picture' as const }, { media_type: 'document' as const }]),
    ).toHaveLength(1);
    expect(reportFallbackName(new Date(2026, 11, 3))).toBe('2026-12-03-report.pdf');
    const abort = new DOMException('aborted', 'AbortError');
    expect(isUserCancel(abort, false)).toBe(true);
    expect(isUserCancel(abort, true)).toBe(false);
    expect(isUserCancel(new Error('x'), false)).toBe(false);
  });
});
