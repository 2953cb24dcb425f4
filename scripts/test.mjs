// `npm test`: install, build, then run every suite: domain and web unit tests, API tests on a
// real database (PGlite, or PostgreSQL when DATABASE_URL is set), browser end-to-end tests in
// Debian's Chromium. Every suite runs even if an earlier one fails; the exit code is non-zero if any
// failed. Each suite writes a JSON report under test-results/, summed up in the closing line.
//
//   node scripts/test.mjs [unit] [api] [e2e] [--skip-install] [--skip-build] [--label NAME]
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { installDependencies, npmCommand, npmRun, root, runAllowingFailure } from './lib.mjs';
import { summarize } from './summarize.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const labelIndex = args.indexOf('--label');
const label = labelIndex >= 0 ? args[labelIndex + 1] : '';
const chosen = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--label');
const suites = chosen.length ? chosen : ['unit', 'api', 'e2e'];

const started = Date.now();
const elapsedSince = (from) => Math.round((Date.now() - from) / 1000);
if (!flag('--skip-install')) installDependencies();
if (suites.includes('e2e')) process.env.CHROMIUM_PATH = ensureChromium();
if (!flag('--skip-build')) {
  console.log(`→ building (${elapsedSince(started)} s after the start)`);
  npmRun('run', 'build');
}

const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const prefix = label ? `${label}-` : '';

function vitest(workspace, name) {
  const out = join(reports, `${prefix}${name}.json`);
  rmSync(out, { force: true });
  console.log(`\n→ ${name} tests (${workspace})`);
  const suiteStarted = Date.now();
  const code = runAllowingFailure(
    npmCommand(),
    [
      'exec',
      '-w',
      workspace,
      '--',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    // Under a host's NODE_ENV=production React loads its production build, which has no `act`
    // for Testing Library: unit and API tests always run as tests.
    { env: { ...process.env, NODE_ENV: 'test' } },
  );
  return { name, code, report: out, seconds: elapsedSince(suiteStarted) };
}

const results = [];
if (suites.includes('unit')) {
  results.push(vitest('@workbench/domain', 'domain'));
  results.push(vitest('@workbench/web', 'web-unit'));
}
if (suites.includes('api')) results.push(vitest('@workbench/server', 'api'));
if (suites.includes('e2e')) {
  const out = join(reports, `${prefix}e2e.json`);
  rmSync(out, { force: true });
  console.log('\n→ browser end-to-end tests (Chromium)');
  const suiteStarted = Date.now();
  const code = runAllowingFailure(
    npmCommand(),
    ['exec', '-w', '@workbench/web', '--', 'playwright', 'test'],
    {
      env: { ...process.env, E2E_JSON_REPORT: out },
    },
  );
  results.push({ name: 'e2e', code, report: out, seconds: elapsedSince(suiteStarted) });
}

const failedSuites = results.filter((r) => r.code !== 0).map((r) => r.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nSuites: ${results.map((r) => `${r.name} ${r.code === 0 ? 'ok' : 'FAILED'} ${r.seconds} s`).join(', ')} (${seconds} s in all)`,
);
const { failed } = summarize(results.map((r) => r.report));
process.exit(failedSuites.length || failed ? 1 : 0);
