import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_KEYS, UI_LANGUAGES } from '@workbench/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const coreDir = join(import.meta.dirname, 'locales');
const featuresDir = join(import.meta.dirname, '..', 'features');
// The shared texts, then each feature's own folder (read under the feature's name).
const localeDirs: Array<{ name: string; dir: string }> = [
  { name: 'core', dir: coreDir },
  ...readdirSync(featuresDir)
    .filter((f) => existsSync(join(featuresDir, f, 'locales')))
    .map((f) => ({ name: f, dir: join(featuresDir, f, 'locales') })),
];
const loadFrom = (dir: string, lang: string) =>
  JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// Words that are the same in every language: the product's name and the like.
const SAME_EVERYWHERE = new Set(['common.product']);

for (const { name, dir } of localeDirs) {
  describe(`locales: ${name}`, () => {
    const en = flatten(loadFrom(dir, 'en'));

    it('has exactly one file per UI language', () => {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace('.json', ''))
        .sort();
      expect(files).toEqual([...UI_LANGUAGES].sort());
    });

    for (const lang of UI_LANGUAGES.filter((l) => l !== 'en')) {
      describe(lang, () => {
        const other = flatten(loadFrom(dir, lang));

        it('has every key of English and no other', () => {
          expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
          expect([...other.keys()].filter((k) => !en.has(k))).toEqual([]);
        });

        it('keeps the same {{placeholders}} as English', () => {
          for (const [key, text] of en)
            expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
        });

        it('is really translated: no empty values and at most 10% copied from English', () => {
          const empty = [...other].filter(([, v]) => !v.trim()).map(([k]) => k);
          expect(empty).toEqual([]);
          const copied = [...en]
            .filter(([k, v]) => !SAME_EVERYWHERE.has(k) && other.get(k) === v)
            .map(([k]) => k);
          expect(copied.length, `copied from English: ${copied.join(', ')}`).toBeLessThanOrEqual(
            Math.floor(en.size * 0.1),
          );
        });
      });
    }
  });
}

describe('locales', () => {
  it('no feature folder reuses a top-level key of the shared texts', () => {
    const core = Object.keys(loadFrom(coreDir, 'en'));
    for (const { name } of localeDirs.slice(1)) expect(core, name).not.toContain(name);
  });

  it('translates every error key the server may send, in every language', () => {
    for (const lang of UI_LANGUAGES) {
      const texts = flatten(loadFrom(coreDir, lang));
      const missing = ERROR_KEYS.filter((key) => !texts.get(`errors.${key}`)?.trim());
      expect(missing, lang).toEqual([]);
    }
  });
});
