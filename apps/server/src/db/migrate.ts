import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_people_and_sharing.js';
import * as m0003 from './migrations/0003_issues.js';
import * as m0004 from './migrations/0004_issue_list.js';
import * as m0005 from './migrations/0005_saved_filters.js';
import * as m0006 from './migrations/0006_attachments.js';
import * as m0007 from './migrations/0007_checklists.js';
import * as m0008 from './migrations/0008_text_templates.js';
import * as m0010 from './migrations/0010_issue_list_indexes.js';
import * as m0011 from './migrations/0011_issue_search_vector.js';
import * as m0012 from './migrations/0012_issue_list_covering.js';
import * as m0013 from './migrations/0013_login_throttle.js';
import * as m0014 from './migrations/0014_workspace_public_codes.js';
import * as m0015 from './migrations/0015_server_secrets.js';
import * as m0016 from './migrations/0016_assets.js';
import * as m0017 from './migrations/0017_schedules.js';
import * as m0018 from './migrations/0018_calendar_feeds.js';
import * as m0019 from './migrations/0019_calendar_indexes.js';
import * as m0020 from './migrations/0020_equipment.js';
import * as m0021 from './migrations/0021_public_area.js';
import * as m0022 from './migrations/0022_notifications.js';
import * as m0023 from './migrations/0023_settings_and_workspace_info.js';
import * as m0026 from './migrations/0026_location_request_pending.js';
import * as m0027 from './migrations/0027_settings_followups.js';
import * as m0028 from './migrations/0028_locations.js';
import * as m0029 from './migrations/0029_dynamic_forms.js';
import * as m0030 from './migrations/0030_translations_and_odoo.js';
import * as m0031 from './migrations/0031_issue_reports.js';
import * as m0032 from './migrations/0032_idempotency_keys.js';
import * as m0033 from './migrations/0033_workspace_paths.js';
import * as m0034 from './migrations/0034_calendar_sidebar_index.js';
import * as m0035 from './migrations/0035_access_version_people.js';
import type { Database } from './schema.js';

// Listed here rather than read from the folder, so the compiled server carries them with it.
// A landed migration is never edited: a change is a new file.
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_people_and_sharing': m0002,
  '0003_issues': m0003,
  '0004_issue_list': m0004,
  '0005_saved_filters': m0005,
  '0006_attachments': m0006,
  '0007_checklists': m0007,
  '0008_text_templates': m0008,
  '0010_issue_list_indexes': m0010,
  '0011_issue_search_vector': m0011,
  '0012_issue_list_covering': m0012,
  '0013_login_throttle': m0013,
  '0014_workspace_public_codes': m0014,
  '0015_server_secrets': m0015,
  '0016_assets': m0016,
  '0017_schedules': m0017,
  '0018_calendar_feeds': m0018,
  '0019_calendar_indexes': m0019,
  '0020_equipment': m0020,
  '0021_public_area': m0021,
  '0022_notifications': m0022,
  '0023_settings_and_workspace_info': m0023,
  '0026_location_request_pending': m0026,
  '0027_settings_followups': m0027,
  '0029_dynamic_forms': m0029,
  '0028_locations': m0028,
  '0030_translations_and_odoo': m0030,
  '0031_issue_reports': m0031,
  '0032_idempotency_keys': m0032,
  '0033_workspace_paths': m0033,
  '0034_calendar_sidebar_index': m0034,
  '0035_access_version_people': m0035,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name ours, so
  // a database holding other schemas (CI runs, other tenants of the server) is not mistaken for migrated.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
