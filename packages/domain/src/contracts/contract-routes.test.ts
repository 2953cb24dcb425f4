import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as domain from '../index.js';
import type { RouteContract } from './contract.js';

// The web bundles its contracts from contract-routes.ts: only what the typed client reads at run
// time (method, path, caller, multipart), typed as the full contracts. So the web never bundles
// the server's zod schemas of every call (zod alone is about 25 kB gzipped on every route).
// This test writes that file from the contracts themselves (`npm run contracts -w
// @workbench/domain`) and fails when it is out of date, and keeps web.ts, the domain as the web
// imports it, equal to index.ts but for the contracts.

const routesFile = new URL('./contract-routes.ts', import.meta.url);
const webFile = new URL('../web.ts', import.meta.url);
const indexFile = new URL('../index.ts', import.meta.url);
const update = process.env.UPDATE_CONTRACT_ROUTES === '1';

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'caller' in value;

/** Every exported `<name>Contracts` group, by name, with the module it comes from. */
function contractGroups(): Array<{ name: string; module: string; contracts: Record<string, RouteContract> }> {
  const modules = [
    ...readFileSync(indexFile, 'utf8').matchAll(/export \* from '\.\/(.+-contracts)\.js';/g),
  ].map((m) => m[1] as string);
  const groups = [];
  for (const [name, value] of Object.entries(domain)) {
    if (!name.endsWith('Contracts') || typeof value !== 'object' || value === null) continue;
    const module = modules.find((m) =>
      readFileSync(new URL(`../${m}.ts`, import.meta.url), 'utf8').includes(`export const ${name} =`),
    );
    if (!module) throw new Error(`${name}: no *-contracts.ts module exports it`);
    groups.push({ name, module, contracts: value as Record<string, RouteContract> });
  }
  return groups.sort((a, b) => a.name.localeCompare(b.name));
}

function routesSource(): string {
  const groups = contractGroups();
  const lines = [
    '// Generated from the contracts by src/contracts/contract-routes.test.ts',
    '// (`npm run contracts -w @workbench/domain`); do not edit. What the web client reads of each',
    '// contract at run time, typed as the full contract: the schemas are the server’s alone.',
    ...groups.map((g) => `import type { ${g.name} as ${g.name}Type } from '../${g.module}.js';`),
    '',
  ];
  for (const group of groups) {
    const entries = Object.entries(group.contracts).map(([key, c]) => {
      if (!isContract(c)) throw new Error(`${group.name}.${key} is not a contract`);
      const multipart = c.multipart ? ', multipart: true' : '';
      return `  ${key}: { method: '${c.method}', path: '${c.path}', caller: '${c.caller}'${multipart} },`;
    });
    lines.push(`export const ${group.name} = {`, ...entries, `} as unknown as typeof ${group.name}Type;`, '');
  }
  return lines.join('\n');
}

function webSource(): string {
  const exports = readFileSync(indexFile, 'utf8')
    .split('\n')
    .filter(
      (line) => line.startsWith('export ') && !line.includes('-contracts.js') && !line.includes('/params.js'),
    );
  return [
    '// The domain as the web imports it (apps/web/vite.config.ts): index.ts without the contracts',
    "// modules and their schemas; the web's contracts come from contracts/contract-routes.ts.",
    '// Kept equal to index.ts by src/contracts/contract-routes.test.ts.',
    ...exports.flatMap((line) =>
      // In Biome's order of the exports: after contract.js.
      line === "export * from './contracts/contract.js';"
        ? [line, "export * from './contracts/contract-routes.js';"]
        : [line],
    ),
    '',
  ].join('\n');
}

describe("the web's contracts", () => {
  it('are generated from the contracts', () => {
    const expected = routesSource();
    if (update) writeFileSync(routesFile, expected);
    expect(readFileSync(routesFile, 'utf8'), 'run: npm run contracts -w @workbench/domain').toBe(expected);
  });

  it('come with every other export of the domain', () => {
    const expected = webSource();
    if (update) writeFileSync(webFile, expected);
    expect(readFileSync(webFile, 'utf8'), 'run: npm run contracts -w @workbench/domain').toBe(expected);
  });
});
