// `npm run size`: what each route of the built web app makes a browser download, gzipped, against
// the budgets in web-size-budgets.json; exits non-zero when one is passed. Reads Vite's build
// manifest (apps/web/dist/.vite/manifest.json), so run it after the web build.
//
// A route loads the entry chunk, the lazy layout chunk of its path prefix (the dashboard shell)
// and its lazy page chunk, each with every chunk and stylesheet they import statically, each file
// counted once. Chunks loaded later on demand (translations of other languages than English,
// dialogs a page imports lazily) are not counted. Sizes are gzip at level 9, the copies the
// server sends; brotli, which most browsers accept, is shown beside them for information.
//
//   node scripts/web-size.mjs [--dist <web dist folder>]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
const distIndex = args.indexOf('--dist');
const dist = distIndex >= 0 ? args[distIndex + 1] : join(root, 'apps/web/dist');
const budgetsFile = join(root, 'scripts/web-size-budgets.json');

/** @type {{ entry: Budget, layouts: Record<string, string>, routes: Array<Budget & { paths: string[], page: string }> }} */
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));
/** @typedef {{ js: number, css: number }} Budget (kB, 1 kB = 1000 bytes) */

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch (error) {
  console.error(`No build manifest in ${dist} (${error.code ?? error.message}): build the web app first.`);
  process.exit(1);
}

const compressed = new Map();
/** Gzip and brotli sizes of one built file, in bytes. */
function sizesOf(file) {
  let sizes = compressed.get(file);
  if (!sizes) {
    const content = readFileSync(join(dist, file));
    sizes = {
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length,
    };
    compressed.set(file, sizes);
  }
  return sizes;
}

/** The JS and CSS files that loading these manifest chunks fetches: the chunks and their static imports. */
function filesOf(keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

function total(files, kind) {
  return files.reduce((sum, file) => sum + sizesOf(file)[kind], 0);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const problems = [];

/** The layout chunk a path loads besides its page: the longest matching prefix in `layouts`. */
function layoutOf(path) {
  const prefix = Object.keys(budgets.layouts)
    .filter((p) => path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? budgets.layouts[prefix] : undefined;
}

const rows = [{ label: 'entry (every route; pages not built yet)', keys: entryKeys, budget: budgets.entry }];
for (const route of budgets.routes) {
  const layouts = new Set(route.paths.map(layoutOf));
  if (layouts.size > 1) problems.push(`${route.paths.join(', ')}: these paths load different layouts`);
  const keys = [...entryKeys, ...[...layouts].filter(Boolean), route.page];
  rows.push({ label: route.paths.join(', '), keys, budget: route });
}

// Every lazy page must have a budget, and every budget must name a page that is still built.
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /\/pages\//.test(key));
const budgeted = new Set(budgets.routes.map((r) => r.page));
for (const page of pages) {
  if (!budgeted.has(page)) problems.push(`${page}: no budget; add its route to ${budgetsFile}`);
}
for (const page of budgeted) {
  if (!manifest[page]) problems.push(`${page}: in the budgets but not in the build; remove or rename it`);
}
for (const layout of Object.values(budgets.layouts)) {
  if (!manifest[layout]) problems.push(`${layout}: a layout in the budgets but not a chunk of the build`);
}

const width = Math.max(...rows.map((row) => row.label.length));
console.log(`${'Route'.padEnd(width)}  JS gzip (brotli) / budget    CSS gzip (brotli) / budget`);
for (const row of rows) {
  let files;
  try {
    files = filesOf(row.keys);
  } catch (error) {
    problems.push(`${row.label}: ${error.message}`);
    continue;
  }
  const js = total(files.js, 'gzip');
  const css = total(files.css, 'gzip');
  const overJs = js > row.budget.js * 1000;
  const overCss = css > row.budget.css * 1000;
  if (overJs) problems.push(`${row.label}: ${kB(js)} kB of JavaScript, budget ${row.budget.js} kB`);
  if (overCss) problems.push(`${row.label}: ${kB(css)} kB of CSS, budget ${row.budget.css} kB`);
  const column = (bytes, brotli, budget, over) =>
    `${kB(bytes).padStart(7)} (${kB(brotli).padStart(5)}) / ${String(budget).padStart(4)}${over ? ' ✖' : '  '}`;
  console.log(
    `${row.label.padEnd(width)}  ${column(js, total(files.js, 'brotli'), row.budget.js, overJs)}` +
      `    ${column(css, total(files.css, 'brotli'), row.budget.css, overCss)}`,
  );
}
console.log('kB = 1000 bytes; JS and CSS each the sum over the files a route loads.');

if (problems.length) {
  console.error(`\n✖ Web size budget:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`\n✓ every route within its budget (${budgetsFile.slice(root.length + 1)})`);
