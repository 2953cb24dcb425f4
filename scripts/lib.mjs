// Small helpers shared by the start and test scripts. Node built-ins only: these scripts run
// before `npm install` has put anything in node_modules.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root, streaming its output; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** Like run, but reports the exit code instead of stopping, so a suite can fail and the rest still run. */
export function runAllowingFailure(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

export function npmRun(...args) {
  run(npm, args);
}

export function npmCommand() {
  return npm;
}

/**
 * npm install on a fresh clone; a quick no-op when node_modules already matches the lock file.
 * Not `npm ci`: the registry mirror lacks some platform builds that packages list as optional
 * (Biome's Windows/Android binaries), and `npm ci` refuses a lock file without them while
 * `npm install` skips them as optional dependencies should be skipped.
 * `--include=dev`: the build and the tests need the devDependencies (TypeScript, Vite, the Node
 * types), which npm leaves out when the host sets NODE_ENV=production.
 */
export function installDependencies() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    console.error(`Node.js 20 or newer is needed (this is ${process.version}).`);
    process.exit(1);
  }
  console.log('→ npm install');
  run(npm, ['install', '--include=dev', '--no-audit', '--no-fund']);
}
