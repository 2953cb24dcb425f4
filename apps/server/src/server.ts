import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { startIdempotencyCleanup } from './jobs/idempotency-cleanup.js';
import { startMailSender } from './jobs/mail-outbox.js';
import { startAuthMailWorker } from './modules/auth/auth-mail-requests.js';
import { startNotificationJobs } from './modules/notifications/notification-jobs.js';
import { startScheduleMaterializer } from './modules/schedules/schedule-materializer.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { seedDemoAssets } from './seed/demo-assets.js';
import { seedDemoAttachments } from './seed/demo-attachments.js';
import { seedDemoCalendar } from './seed/demo-calendar.js';
import { seedDemoDynamicForms } from './seed/demo-dynamic-forms.js';
import { seedDemoEquipment } from './seed/demo-equipment.js';
import { seedDemoNotifications } from './seed/demo-notifications.js';
import { seedDemoPublic } from './seed/demo-public.js';
import { seedDemoSchedules } from './seed/demo-schedules.js';
import { seedDemoSecondOrganisation } from './seed/demo-second-organisation.js';
import { seedDemoWorkspaceInfo } from './seed/demo-workspace-info.js';
import { openFileStorage } from './storage/open-storage.js';

export type RunningServer = { app: FastifyInstance; seeded: boolean; stop: () => Promise<void> };

/** Opens the database, migrates, seeds when asked, builds the app and starts the background jobs. */
export async function startServer(
  config: AppConfig,
  options: { logger?: boolean } = {},
): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
    databaseReplicaUrl: config.databaseReplicaUrl,
  });
  try {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
    const storage = openFileStorage(config);
    if (seeded) {
      await seedDemoAttachments({ db: database.db, storage });
      await seedDemoAssets({ db: database.db, storage });
    }
    const ctx = {
      db: database.db,
      readDb: database.readDb,
      dbKind: database.kind,
      listen: database.listen,
      config,
      storage,
    };
    if (seeded) {
      await seedDemoSchedules(ctx);
      await seedDemoCalendar(ctx.db);
      await seedDemoEquipment(ctx);
      await seedDemoPublic(ctx.db);
      await seedDemoNotifications(ctx.db);
      await seedDemoWorkspaceInfo(ctx.db);
      await seedDemoDynamicForms(ctx);
      await seedDemoSecondOrganisation(ctx.db);
    }
    const app = await buildApp(ctx, options);
    if (database.readDb)
      app.log.info('DATABASE_REPLICA_URL: list, calendar and report reads use the replica');
    const stopMail = startMailSender(ctx, (m) => app.log.warn(m));
    const stopAuthMail = startAuthMailWorker(ctx, (m) => app.log.warn(m));
    const stopSchedules = startScheduleMaterializer(ctx, (m) => app.log.warn(m));
    const stopNotifications = startNotificationJobs(ctx, (m) => app.log.warn(m));
    const stopIdempotency = startIdempotencyCleanup(ctx, (m) => app.log.warn(m));
    return {
      app,
      seeded,
      // Stop taking requests, let a mail round finish, then close the database (which frees DATA_DIR).
      stop: async () => {
        try {
          await app.close();
          await stopSchedules();
          await stopNotifications();
          await stopIdempotency();
          await stopAuthMail();
          await stopMail();
        } finally {
          await database.close();
        }
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
