import { describe, expect, it } from 'vitest';
import { cameraProblemOf, readScanLocationChoice, saveScanLocationChoice } from './scanner';

describe('the scan page camera', () => {
  it('explains why the camera did not start', () => {
    expect(cameraProblemOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('not_found');
    expect(cameraProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(cameraProblemOf('odd')).toBe('failed');
  });

  it('remembers whether the position goes with a scan, off until switched on', () => {
    localStorage.clear();
    expect(readScanLocationChoice()).toBe(false);
    saveScanLocationChoice(true);
    expect(readScanLocationChoice()).toBe(true);
    saveScanLocationChoice(false);
    expect(readScanLocationChoice()).toBe(false);
  });
});
