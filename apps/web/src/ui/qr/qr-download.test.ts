import { describe, expect, it } from 'vitest';
import { qrFileName } from './qr-download';

describe('qrFileName', () => {
  it('keeps letters, digits and dashes of the name', () => {
    expect(qrFileName('Drill #4 (blue)', 'png', 'asset')).toBe('Drill-4-blue-qr.png');
  });
  it('falls back when nothing of the name is left', () => {
    expect(qrFileName('***', 'svg', 'equipment')).toBe('equipment-qr.svg');
  });
});
