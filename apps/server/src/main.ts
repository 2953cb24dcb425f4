import { ConfigError, readConfig } from './config.js';
import { DataDirLockedError } from './db/connection.js';
import { DEMO_PARTNER, DEMO_PASSWORD, DEMO_USERS } from './seed/demo.js';
import { type RunningServer, startServer } from './server.js';

async function main(): Promise<void> {
  const config = readConfig();

  // Handlers first: a stop asked for during start-up waits for it, then closes the app and the
  // database and frees the DATA_DIR lock, instead of dying with the lock held.
  let starting: Promise<RunningServer> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    try {
      const server = await starting;
      await server?.stop();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  starting = startServer(config, { logger: true });
  const server = await starting;
  if (stopping) return;
  if (server.seeded) {
    console.log('\nDemo organisation "Demo Facility Services" created. Log in with any of:');
    for (const u of DEMO_USERS)
      console.log(`  ${u.email.padEnd(24)} ${DEMO_PASSWORD}   (${u.first_name} ${u.last_name})`);
    console.log(`Partner company "${DEMO_PARTNER.company}" (shares ${DEMO_PARTNER.sharedWorkspace}):`);
    for (const u of [DEMO_PARTNER.admin, DEMO_PARTNER.member])
      console.log(`  ${u.email.padEnd(24)} ${DEMO_PASSWORD}   (${u.first_name} ${u.last_name})`);
    console.log('');
  }
  await server.app.listen({ port: config.port, host: config.host });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Workbench is running on http://localhost:${port} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
