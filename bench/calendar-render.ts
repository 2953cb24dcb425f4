/**
 * The weekly view's render in the browser (issue 17): a weekly users view with 200 events must
 * render in at most 100 ms. Starts the built app (npm run build first) on a fresh embedded
 * database with the demo, logs in as the demo admin in Chromium, answers the week's rows with
 * 25 people and 200 events (8 each, over five days, some overlapping, two full-day items), and
 * reads the 'calendar-timeline-render' performance measure the timeline leaves after rendering
 * (from the start of its render to its DOM laid out). Prints each run and the median.
 *
 *   npx tsx bench/calendar-render.ts                 5 runs on port 3190
 *   npx tsx bench/calendar-render.ts --runs=10 --port=3191
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const RUNS = Number(args.runs ?? 5);
const PORT = Number(args.port ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = 25;
const EVENTS_PER_ROW = 8;
const LIMIT_MS = 100;

function mondayOf(now: Date): Date {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
}

/** One calendar item as GET calendar/users answers it. */
function item(id: number, person: number, start: number, due: number) {
  return {
    id,
    title: `Bench item ${id}: service the ventilation unit on floor ${id % 7}`,
    description: null,
    status_id: [2, 3, 5, 6, 7, 8][id % 6],
    status: { id: 5, name: 'Accepted', type: 'accepted' },
    archived: false,
    completed_at: null,
    start_date: start,
    due_date: due,
    displayType: ['TODO', 'PLANNED', 'IN_PROGRESS', 'IN_REVIEW', 'COMPLETED', 'OVERDUE'][id % 6],
    workspace: { id: 1, name: 'Building A', available_assignees_ids: [person] },
    workspace_id: 1,
    assignee: { full_name: `Person ${person}`, profile_image: null },
    assignee_id: person,
    category: null,
    priority_id: 3,
    number_of_comments: 0,
    schedule_id: null,
    attachments: [],
    is_scheduled_prepared_task: false,
    model: 'ISSUE',
    fetched_as_main: true,
    permissions: {
      canAddAttachments: true,
      deleteOnlyMyAttachments: false,
      editOnlyMyAttachments: false,
      canEdit: true,
      canReassign: true,
      canQuickComplete: true,
    },
  };
}

/** 25 people with 8 events each in the week of `monday`: 200 events. */
function weekRows(monday: Date) {
  const at = (day: number, hour: number) =>
    new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + day, hour).getTime() / 1000;
  let id = 1;
  const data = Array.from({ length: ROWS }, (_, index) => {
    const person = 1000 + index;
    const issues = Array.from({ length: EVENTS_PER_ROW - (index === 0 ? 2 : 0) }, (_, n) => {
      const start = at(n % 5, 7 + (n % 4) * 2);
      return item(id++, person, start, start + 5400);
    });
    const full_day =
      index === 0 ? [item(id++, person, at(0, 9), at(2, 17)), item(id++, person, at(3, 8), at(4, 12))] : [];
    return {
      id: person,
      full_name: `Person ${String(index + 1).padStart(2, '0')}`,
      profile_image: null,
      job_position: { id: 1, name: 'Technician' },
      total_calendar_events: EVENTS_PER_ROW,
      issues,
      full_day,
      presence: [],
    };
  });
  const page = { current_page: 1, last_page: 1, total: ROWS, per_page: 25, from: 1, to: ROWS };
  return {
    ...page,
    data,
    first_page_url: '',
    last_page_url: '',
    next_page_url: null,
    prev_page_url: null,
    path: '',
  };
}

async function startApp(): Promise<{ app: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workbench-calendar-render-'));
  const app = spawn('node', ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: '1', APP_URL: BASE },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${BASE}/api/v4/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { app, dataDir };
    await new Promise((done) => setTimeout(done, 500));
  }
  app.kill();
  throw new Error('the app did not start (npm run build first)');
}

async function main() {
  const { app, dataDir } = await startApp();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(() => {
      const seen: Array<{ duration: number; detail: unknown }> = [];
      (globalThis as unknown as { __calendarMeasures: typeof seen }).__calendarMeasures = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'calendar-timeline-render')
            seen.push({ duration: entry.duration, detail: (entry as unknown as { detail: unknown }).detail });
        }
      }).observe({ type: 'measure', buffered: true });
    });
    const rows = weekRows(mondayOf(new Date()));
    await page.route('**/api/v4/calendar/users?**', (route) => {
      const rowsOnly = new URL(route.request().url()).searchParams.get('rows_only') === '1';
      const body = rowsOnly
        ? { ...rows, data: rows.data.map((r) => ({ ...r, issues: [], full_day: [] })) }
        : rows;
      return route.fulfill({ json: body });
    });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo12345');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard\//);
    const figures: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/dashboard/calendar?view=weeklyUsers&hidden_weekly_users=none`);
      const duration = await page
        .waitForFunction(() => {
          const seen = (
            globalThis as unknown as {
              __calendarMeasures: Array<{ duration: number; detail: { events: number } }>;
            }
          ).__calendarMeasures;
          return seen.find((m) => m.detail?.events === 200)?.duration ?? false;
        })
        .then((handle) => handle.jsonValue() as Promise<number>);
      figures.push(duration);
      console.log(
        `run ${run + 1}: weekly users, ${ROWS} rows, 200 events rendered in ${duration.toFixed(1)} ms`,
      );
    }
    const sorted = [...figures].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `median ${median.toFixed(1)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms (budget ${LIMIT_MS} ms): ${median <= LIMIT_MS ? 'within' : 'OVER'}`,
    );
  } finally {
    await browser.close();
    app.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
