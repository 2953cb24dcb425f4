import { type Kysely, sql } from 'kysely';

// Issue 21 follow-ups: the browser's accuracy (metres) of the position a QR scan was logged with,
// as presence logs keep it for shared locations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE qr_scan_logs ADD COLUMN accuracy_m double precision`.execute(db);
}
