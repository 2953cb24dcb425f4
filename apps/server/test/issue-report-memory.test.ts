import { describe, expect, it } from 'vitest';
import { type IssueReportDocument, renderIssueReport } from '../src/modules/issue-report/issue-report-pdf.js';
import { noisyJpeg } from './helpers/attachments-factories.js';

// Bounded memory (issue 22): a report of 100 photos streams, and while its reader is slow the
// renderer waits instead of queueing the whole file: the bytes held for the reader stay near the
// high-water mark (4 MB) plus one photo, though the PDF is far larger.

describe('the issue report renderer', () => {
  it('streams 100 photos without holding the whole file', async () => {
    const photo = await noisyJpeg(1024, 768);
    const document: IssueReportDocument = {
      language: 'uk',
      organisation: { name: 'Майстерня', logoKey: null, color: '#0b7285' },
      issueId: 1,
      generatedAt: '3 груд. 2026',
      header: true,
      title: 'Сто фото',
      details: null,
      description: null,
      photos: Array.from({ length: 100 }, (_, n) => ({ key: `k${n}`, description: `Фото ${n + 1}` })),
      checklists: null,
      form: null,
      comments: null,
      worktime: null,
      activity: null,
      subtasks: null,
      watchers: null,
    };
    let reads = 0;
    const { stream, done } = renderIssueReport(document, async () => {
      reads++;
      return photo;
    });
    let total = 0;
    let held = 0;
    // A slow reader: 32 kB every 10 ms (some 3 MB/s, slower than the renderer makes photos).
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('end', resolve);
      const pump = () => {
        held = Math.max(held, stream.readableLength);
        const chunk: Buffer | null = stream.read(Math.min(32 * 1024, stream.readableLength || 1));
        if (chunk) total += chunk.length;
        if (!stream.readableEnded) setTimeout(pump, 10);
      };
      pump();
    });
    await done;
    expect(reads).toBe(100);
    expect(total).toBeGreaterThan(20 * 1024 * 1024);
    expect(held).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);
});
