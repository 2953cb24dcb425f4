import { type Kysely, sql } from 'kysely';

// Schedules (001 §2, §3, §4, §7; issue 16): recurring work that creates issues by itself. The rule
// is kept in columns (the list filters and the materializer read them); the occurrences already
// turned into issues are rows of schedule_occurrences, whose primary key makes each (schedule,
// occurrence start, asset) exactly once, whatever number of servers runs the materializer.
// One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TABLE schedules (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    title text NOT NULL,
    description text,
    priority_id smallint NOT NULL DEFAULT 3,
    category_id integer REFERENCES categories(id) ON DELETE SET NULL,
    assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
    -- The assignee's decision: NULL = not decided (PENDING), 5 accepted, 4 declined (with a note).
    assignee_status smallint CHECK (assignee_status IN (4, 5)),
    assignee_note text,
    assignee_decided_at timestamptz,
    start_date date NOT NULL,
    repeat_unit text NOT NULL CHECK (repeat_unit IN ('minutes', 'hours', 'days', 'weeks', 'months', 'years')),
    repeat_value integer NOT NULL CHECK (repeat_value BETWEEN 1 AND 999),
    exclude_weekends boolean NOT NULL DEFAULT false,
    repeat_on smallint[] NOT NULL DEFAULT '{}',
    repeat_week_of_month smallint CHECK (repeat_week_of_month IN (-1, 1, 2, 3, 4)),
    end_type text NOT NULL DEFAULT 'NEVER' CHECK (end_type IN ('NEVER', 'AFTER', 'ON')),
    end_after integer CHECK (end_after >= 1),
    end_on date,
    work_hours_start text NOT NULL,
    work_hours_end text NOT NULL,
    time_slots jsonb NOT NULL DEFAULT '[]',
    time_limits jsonb NOT NULL DEFAULT '{"completion": null}',
    seasonal_break_type text NOT NULL DEFAULT 'NO' CHECK (seasonal_break_type IN ('NO', 'YES')),
    seasonal_break_start date,
    seasonal_break_end date,
    seasonal_break_yearly boolean NOT NULL DEFAULT false,
    reschedule_mode text NOT NULL DEFAULT 'on_start_date' CHECK (reschedule_mode IN
      ('on_start_date', 'before_next_start_date', 'after_marked_as_done', 'after_completion')),
    assets_mode text NOT NULL DEFAULT 'FOR_EACH_ASSET' CHECK (assets_mode IN ('FOR_EACH_ASSET', 'ONE_FOR_ALL_ASSETS')),
    presence_alarm_enabled boolean NOT NULL DEFAULT false,
    presence_alarm jsonb NOT NULL DEFAULT '{}',
    is_attachment_required boolean NOT NULL DEFAULT false,
    is_worktime_required boolean NOT NULL DEFAULT false,
    -- How many issues the schedule has created (statistics.created, AFTER N).
    created_count integer NOT NULL DEFAULT 0,
    -- The start of the next occurrence not yet turned into an issue (NULL: none, finished).
    next_issue_scheduled_at timestamptz,
    -- When the materializer next has work on this schedule; NULL: nothing until something changes.
    materialize_at timestamptz,
    -- Bumped by every edit of the rule, so a running materializer notices it planned from an old one.
    plan_version integer NOT NULL DEFAULT 1,
    paused_at timestamptz,
    archived_at timestamptz,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    CHECK (seasonal_break_type = 'YES' OR (seasonal_break_start IS NULL AND seasonal_break_end IS NULL))
  )`,
  // The list's default order (updated descending) and its workspace filters.
  sql`CREATE INDEX schedules_updated ON schedules (client_id, updated_at DESC, id DESC) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX schedules_workspace ON schedules (client_id, workspace_id) WHERE deleted_at IS NULL`,
  // The materializer's queue: live schedules with work due.
  sql`CREATE INDEX schedules_due ON schedules (materialize_at)
    WHERE deleted_at IS NULL AND archived_at IS NULL AND paused_at IS NULL AND materialize_at IS NOT NULL`,
  // Watchers and replacements (stand-ins for the assignee): people of the schedule, by role.
  sql`CREATE TABLE schedule_people (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('watcher', 'replacement')),
    PRIMARY KEY (schedule_id, role, user_id)
  )`,
  sql`CREATE INDEX schedule_people_user ON schedule_people (user_id, role)`,
  sql`CREATE TABLE schedule_categories (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    PRIMARY KEY (schedule_id, category_id)
  )`,
  sql`CREATE INDEX schedule_categories_category ON schedule_categories (category_id)`,
  sql`CREATE TABLE schedule_assets (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
    PRIMARY KEY (schedule_id, asset_id)
  )`,
  sql`CREATE INDEX schedule_assets_asset ON schedule_assets (asset_id)`,
  sql`CREATE TABLE schedule_checklist_templates (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    template_id integer NOT NULL REFERENCES checklist_templates(id) ON DELETE CASCADE,
    position integer NOT NULL DEFAULT 0,
    PRIMARY KEY (schedule_id, template_id)
  )`,
  sql`CREATE TABLE schedule_links (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    url text NOT NULL,
    title text,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX schedule_links_schedule ON schedule_links (schedule_id)`,
  // One row per occurrence turned into an issue; asset_id 0 for ONE FOR ALL ASSETS or no assets.
  sql`CREATE TABLE schedule_occurrences (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    starts_at timestamptz NOT NULL,
    asset_id integer NOT NULL DEFAULT 0,
    issue_id integer REFERENCES issues(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (schedule_id, starts_at, asset_id)
  )`,
  sql`CREATE INDEX schedule_occurrences_issue ON schedule_occurrences (issue_id) WHERE issue_id IS NOT NULL`,
  // A planned amount and planned hours per calendar year.
  sql`CREATE TABLE schedule_budgets (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    year integer NOT NULL CHECK (year BETWEEN 2000 AND 2200),
    planned_amount numeric(14, 2),
    planned_hours numeric(10, 2),
    currency text NOT NULL DEFAULT 'EUR',
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (schedule_id, year)
  )`,
  // Presence alarms found for an issue of a schedule: one per (issue, rule).
  sql`CREATE TABLE schedule_presence_alarms (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    rule text NOT NULL CHECK (rule IN ('earlier_than_start', 'later_than_start', 'earlier_than_end', 'later_than_end')),
    expected_at timestamptz NOT NULL,
    seen_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issue_id, rule)
  )`,
  sql`CREATE INDEX schedule_presence_alarms_schedule ON schedule_presence_alarms (schedule_id, created_at DESC)`,
  // Issues whose presence was not checked yet: the checker's queue (cleared once checked).
  sql`ALTER TABLE issues ADD COLUMN presence_check_at timestamptz`,
  sql`CREATE INDEX issues_presence_check ON issues (presence_check_at) WHERE presence_check_at IS NOT NULL`,
  // Issues name real schedules from now on (ids written before schedules existed named nothing).
  sql`UPDATE issues SET schedule_id = NULL WHERE schedule_id IS NOT NULL`,
  sql`ALTER TABLE issues ADD CONSTRAINT issues_schedule_fk
    FOREIGN KEY (schedule_id) REFERENCES schedules(id) ON DELETE SET NULL`,
  sql`CREATE INDEX issues_schedule ON issues (schedule_id, created_at DESC) WHERE schedule_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
