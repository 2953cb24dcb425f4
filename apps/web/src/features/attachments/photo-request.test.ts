import { describe, expect, it } from 'vitest';
import { onPhotoRequest, requestPhotoUpload } from './photo-request';

describe("the status button 'add photo'", () => {
  it('opens the gallery of its own issue, and says when no gallery took it', () => {
    const opened: number[] = [];
    expect(requestPhotoUpload(7)).toBe(false);
    const stop = onPhotoRequest((id) => {
      if (id !== 7) return false;
      opened.push(id);
      return true;
    });
    expect(requestPhotoUpload(8)).toBe(false);
    expect(requestPhotoUpload(7)).toBe(true);
    expect(opened).toEqual([7]);
    stop();
    expect(requestPhotoUpload(7)).toBe(false);
  });
});
