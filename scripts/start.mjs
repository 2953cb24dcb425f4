// `npm start`: install, build, then serve API and web app from one process on PORT.
// Migrations and the demo organisation are applied by the server itself at start-up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { installDependencies, npmRun, root } from './lib.mjs';

installDependencies();
console.log('→ building domain, server and web app');
npmRun('run', 'build');

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Let the server shut down cleanly (it releases the DATA_DIR lock) on Ctrl+C or a stop signal.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
