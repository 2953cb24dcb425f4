import { type Kysely, sql } from 'kysely';

// Attachments (000 §3, §5; 001 §3): thumbnails made on upload, the kind of file, and comments on
// one attachment. One sql`` per statement (PGlite).
const statements = [
  sql`ALTER TABLE attachments ADD COLUMN media_type text NOT NULL DEFAULT 'document'`,
  sql`ALTER TABLE attachments ADD COLUMN thumbnail_key text`,
  sql`ALTER TABLE attachments ADD COLUMN thumbnail_1024_key text`,
  sql`CREATE TABLE attachment_comments (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    attachment_id integer NOT NULL REFERENCES attachments(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    comment text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX attachment_comments_attachment ON attachment_comments (client_id, attachment_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
