import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

type Licence = { name: string; version: string; license: string; repository: string | null };

/** The package.json of the node_modules package a module file belongs to (scoped names kept). */
function packageRoot(id: string): string | null {
  const clean = id.replace(/^\0/, '').split('?')[0] ?? '';
  const at = clean.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = clean.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return name ? join(clean.slice(0, at), 'node_modules', name) : null;
}

function repositoryUrl(repo: unknown): string | null {
  const url = typeof repo === 'string' ? repo : (repo as { url?: string } | undefined)?.url;
  if (!url) return null;
  const https = url
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
  if (/^https:\/\//.test(https)) return https;
  const short = https.match(/^(?:github:)?([\w.-]+\/[\w.-]+)$/);
  return short ? `https://github.com/${short[1]}` : null;
}

/**
 * Writes licenses.json into the build: every node_modules package whose code is in the bundle,
 * with the licence its package.json names (settings → about lists them). Written here rather than
 * with rollup-plugin-license, whose chunk hooks do not see Vite 8's Rolldown modules.
 */
export function bundleLicences(): Plugin {
  return {
    name: 'workbench-bundle-licences',
    apply: 'build',
    generateBundle() {
      const found = new Map<string, Licence>();
      for (const id of this.getModuleIds()) {
        const root = packageRoot(id);
        if (!root || found.has(root)) continue;
        const file = join(root, 'package.json');
        if (!existsSync(file)) continue;
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        const license =
          typeof pkg.license === 'string'
            ? pkg.license
            : ((pkg.license as { type?: string } | undefined)?.type ?? 'UNKNOWN');
        found.set(root, {
          name: String(pkg.name ?? root),
          version: String(pkg.version ?? ''),
          license,
          repository: repositoryUrl(pkg.repository),
        });
      }
      const list = [...new Map([...found.values()].map((l) => [`${l.name}@${l.version}`, l])).values()].sort(
        (a, b) => a.name.localeCompare(b.name),
      );
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: JSON.stringify(list) });
    },
  };
}

/** Version (the root package.json, else the web app's), git commit and build time for the about tab. */
export function buildInfo(root: string): { version: string; commit: string; time: string } {
  const read = (path: string) => {
    try {
      return (JSON.parse(readFileSync(path, 'utf8')) as { version?: string }).version;
    } catch {
      return undefined;
    }
  };
  let commit = 'dev';
  try {
    commit =
      execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'dev';
  } catch {
    // No git (a tarball build): 'dev'.
  }
  const version = read(join(root, 'package.json')) ?? read(join(dirname(root), 'apps/web/package.json'));
  return {
    version: version ?? read(join(root, 'apps/web/package.json')) ?? '0.0.0',
    commit,
    time: new Date().toISOString(),
  };
}
