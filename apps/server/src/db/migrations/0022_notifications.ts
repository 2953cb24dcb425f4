import { type Kysely, sql } from 'kysely';

// Notifications and live updates (000 §1, §3 "Notification", §7 "Users and notifications";
// issue 20). One sql`` per statement (PGlite).
const statements = [
  // One notification per recipient and event: what happened (event type, the entity it is
  // about, who did it, a snapshot of what the list shows), read or not, and its e-mail. client_id
  // is the organisation the recipient works in when it is made (their session's organisation).
  sql`CREATE TABLE notifications (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event_type text NOT NULL,
    entity_type text NOT NULL,
    entity_id integer NOT NULL,
    actor_id integer REFERENCES users(id) ON DELETE SET NULL,
    data jsonb NOT NULL DEFAULT '{}',
    -- Daily events (overdue, due today, expiring files) once per recipient, entity and day.
    dedupe_key text,
    -- How the recipient asked to hear of this event type when it was made.
    channel text NOT NULL CHECK (channel IN ('in_app', 'email', 'digest')),
    -- The e-mail: 'waiting' for the notification mailer (or the digest), 'sent' once its mail is in
    -- the outbox (mail_id; the delivery status is the outbox's), 'skipped' when paused or in-app only.
    email_state text NOT NULL DEFAULT 'skipped' CHECK (email_state IN ('waiting', 'sent', 'skipped')),
    mail_id integer REFERENCES mail_outbox(id) ON DELETE SET NULL,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX notifications_recipient ON notifications (user_id, client_id, id DESC)`,
  sql`CREATE INDEX notifications_unread ON notifications (user_id, client_id) WHERE read_at IS NULL`,
  sql`CREATE INDEX notifications_email_waiting ON notifications (user_id, created_at) WHERE email_state = 'waiting'`,
  sql`CREATE UNIQUE INDEX notifications_daily ON notifications (user_id, event_type, entity_type, entity_id, dedupe_key) WHERE dedupe_key IS NOT NULL`,
  // Per person, organisation and event type: in_app, email, digest or off (absent: the event's default).
  sql`CREATE TABLE notification_preferences (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    event_type text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('in_app', 'email', 'digest', 'off')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, client_id, event_type)
  )`,
  // POST notification/pause: until then nothing is e-mailed (in-app notifications still arrive).
  sql`ALTER TABLE users ADD COLUMN notifications_paused_until timestamptz`,
  // Live updates: every change (and every new notification) as a numbered event, published with
  // NOTIFY in the same transaction; kept a while so a stream that reconnects with Last-Event-ID
  // gets what it missed, from whichever server it reconnects to.
  sql`CREATE TABLE live_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('change', 'notification')),
    entity_type text NOT NULL,
    entity_id integer NOT NULL,
    action text NOT NULL,
    -- The workspace the entity belongs to (visibility), null for organisation-wide entities.
    workspace_id integer,
    -- The people the event concerns directly: a notification's recipient, an issue's assignee,
    -- reporter and watchers (who a partner with limited access may hear about).
    user_ids integer[] NOT NULL DEFAULT '{}',
    actor_id integer,
    data jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX live_events_created ON live_events (created_at)`,
  // Background work that must run once per key (a day's reminders) however many servers run.
  sql`CREATE TABLE job_runs (
    job text NOT NULL,
    run_key text NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (job, run_key)
  )`,
  // The spec's e-mail delivery statuses (000 §3): pending, delivered, temp_fail, permanent_fail.
  sql`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check`,
  sql`UPDATE mail_outbox SET status = CASE status WHEN 'sent' THEN 'delivered' WHEN 'failed' THEN 'permanent_fail' ELSE status END`,
  sql`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'delivered', 'temp_fail', 'permanent_fail'))`,
  sql`DROP INDEX mail_outbox_pending`,
  sql`CREATE INDEX mail_outbox_pending ON mail_outbox (status, created_at) WHERE status IN ('pending', 'temp_fail')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
