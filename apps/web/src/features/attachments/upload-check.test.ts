import { describe, expect, it } from 'vitest';
import { isFresh, pictureSource, previewKind } from './attachment-model';
import { fileKind, planUpload, rescaleWidths, uploadOutcome, withinTotal } from './upload-check';

const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload checks before sending', () => {
  it('accepts the spec types by name and type and refuses others', () => {
    expect(fileKind(f('a.JPG', 'image/jpeg'))).toBe('picture');
    expect(fileKind(f('a.gif', 'image/gif'))).toBe('picture');
    expect(fileKind(f('report.pdf', 'application/pdf'))).toBe('document');
    expect(fileKind(f('mail.msg', ''))).toBe('document');
    expect(
      fileKind(f('sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
    ).toBe('document');
    expect(fileKind(f('tool.exe', 'application/x-msdownload'))).toBeNull();
    expect(fileKind(f('photo.webp', 'image/webp'))).toBeNull();
    // An image type whose name says otherwise is not trusted.
    expect(fileKind(f('photo.exe', 'image/jpeg'))).toBeNull();
  });

  it('sorts files into ready, to rescale and refused', () => {
    const big = 2_000_001;
    const plan = planUpload([
      f('a.jpg', 'image/jpeg'),
      f('big.png', 'image/png', big),
      f('big.pdf', 'application/pdf', big),
      f('run.sh', 'text/x-sh'),
    ]);
    expect(plan.ready.map((x) => x.name)).toEqual(['a.jpg']);
    expect(plan.rescale.map((x) => x.name)).toEqual(['big.png']);
    expect(plan.refused).toEqual([
      { file: f('big.pdf', 'application/pdf', big), reason: 'file_too_big' },
      { file: f('run.sh', 'text/x-sh'), reason: 'file_type_not_allowed' },
    ]);
  });

  it('rescales from 1920 px by two thirds, never wider than the image', () => {
    expect(rescaleWidths(4000).slice(0, 4)).toEqual([1920, 1280, 853, 568]);
    expect(rescaleWidths(1000)[0]).toBe(1000);
    expect(rescaleWidths(50)).toEqual([]);
  });

  it('keeps the issue total at 20 MB', () => {
    expect(withinTotal(19_000_000, 1_000_000)).toBe(true);
    expect(withinTotal(19_000_000, 1_000_001)).toBe(false);
  });

  it('names the outcome: only invalid, mixed or all valid', () => {
    expect(uploadOutcome(0, 2)).toBe('only_invalid');
    expect(uploadOutcome(1, 2)).toBe('mixed');
    expect(uploadOutcome(3, 0)).toBe('all_valid');
    expect(uploadOutcome(0, 0)).toBe('nothing');
  });
});

describe('what the gallery shows', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const seconds = now / 1000;
  const picture = {
    url: '/full.jpg',
    web_mob_thumbnail_url: '/small.jpg',
    thumbnail_1024_url: '/large.jpg',
    created_at: seconds - 3600,
    updated_at: seconds - 3600,
  };

  it('shows the full file for five minutes after a change, thumbnails afterwards', () => {
    expect(pictureSource(picture, 'small', now)).toBe('/small.jpg');
    expect(pictureSource(picture, 'large', now)).toBe('/large.jpg');
    const fresh = { ...picture, updated_at: seconds - 299 };
    expect(isFresh(fresh, now)).toBe(true);
    expect(pictureSource(fresh, 'small', now)).toBe('/full.jpg');
    expect(isFresh({ ...picture, updated_at: seconds - 300 }, now)).toBe(false);
    expect(pictureSource({ ...picture, web_mob_thumbnail_url: null }, 'small', now)).toBe('/full.jpg');
  });

  it('previews images and PDFs (when the browser can) and offers the rest as a download', () => {
    expect(previewKind('image/png', true)).toBe('image');
    expect(previewKind('application/pdf', true)).toBe('pdf');
    expect(previewKind('application/pdf', false)).toBe('download');
    expect(previewKind('application/msword', true)).toBe('download');
  });
});
