import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

describe('reload after a failed chunk load', () => {
  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 30 seconds, then again after', () => {
    const storage = window.sessionStorage;
    storage.clear();
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    const t0 = 1_000_000;
    expect(reloadAfterChunkError(t0, storage, reload)).toBe(true);
    expect(reloadAfterChunkError(t0 + 29_000, storage, reload)).toBe(false);
    expect(reloadAfterChunkError(t0 + 31_000, storage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it("does not reload offline, where it would show only the browser's offline page", () => {
    window.sessionStorage.clear();
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    expect(reloadAfterChunkError(2_000_000, window.sessionStorage, reload, false)).toBe(false);
    expect(reloads).toBe(0);
    // Back online, the reload is not counted as already spent.
    expect(reloadAfterChunkError(2_000_500, window.sessionStorage, reload, true)).toBe(true);
  });
});
