// Browser tests drive Debian's Chromium (never a downloaded browser build) and render exported
// PDFs with poppler's pdftoppm. Installs the `chromium` and `poppler-utils` packages with apt-get
// when they are missing and we are root; otherwise explains how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const missing = [
    ...(existsSync(path) ? [] : ['chromium']),
    ...(existsSync('/usr/bin/pdftoppm') ? [] : ['poppler-utils']),
  ];
  if (missing.length === 0) return path;
  if (existsSync(path) && (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get'))) {
    console.error('The PDF report browser test needs pdftoppm:  sudo apt-get install -y poppler-utils');
    process.exit(1);
  }
  if (process.env.CHROMIUM_PATH && !existsSync(path)) {
    console.error(`CHROMIUM_PATH=${path} does not exist.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(
      'The browser tests need Chromium at /usr/bin/chromium.\n' +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  console.log(`→ installing Debian ${missing.join(' and ')} for the browser tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install ${missing.join(' and ')} by hand.`);
      process.exit(1);
    }
  }
  return path;
}
