import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every call of the web app goes through the typed client (client.ts): no feature writes an API
// path, its own fetch or its own Authorization header. A new screen that does fails here.

const src = join(__dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Checks a file's own link with HEAD (the viewer's PDF): not an API call. */
const ALLOWED_FETCH = new Set(['features/attachments/components/attachment-viewer/AttachmentViewer.tsx']);

describe('the typed client', () => {
  it('is the only place that calls the API', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const name = relative(src, file);
      if (name === 'api/client.ts') continue;
      const text = readFileSync(file, 'utf8');
      if (/\bfetch\(/.test(text) && !ALLOWED_FETCH.has(name)) offenders.push(`${name}: fetch(`);
      if (/['"`]\/?api\/v4/.test(text)) offenders.push(`${name}: an API path`);
      if (/authorization/i.test(text) && /Bearer/.test(text)) offenders.push(`${name}: its own token header`);
    }
    expect(offenders).toEqual([]);
  });
});
