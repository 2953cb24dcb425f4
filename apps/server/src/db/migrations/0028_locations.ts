import { type Kysely, sql } from 'kysely';

// The location picker (001 §2, §3 "Location", issue 22): a place on issues (when the
// organisation's include_issue_address is on), workspaces and equipment. A location is a name
// and a position, all three set or none; is_coordinates says it was typed as coordinates rather
// than picked from an address search. Equipment's older `location` text (the storage place) stays.
// One sql`` per statement (PGlite).
const TABLES = ['issues', 'workspaces', 'equipment'] as const;

const statements = TABLES.flatMap((table) => [
  sql`ALTER TABLE ${sql.table(table)}
    ADD COLUMN location_name text,
    ADD COLUMN location_lat double precision,
    ADD COLUMN location_lng double precision,
    ADD COLUMN location_is_coordinates boolean NOT NULL DEFAULT false`,
  sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_location_check`)} CHECK (
    (location_name IS NULL AND location_lat IS NULL AND location_lng IS NULL)
    OR (location_name IS NOT NULL AND location_lat IS NOT NULL AND location_lng IS NOT NULL
      AND location_lat BETWEEN -90 AND 90 AND location_lng BETWEEN -180 AND 180)
  )`,
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
