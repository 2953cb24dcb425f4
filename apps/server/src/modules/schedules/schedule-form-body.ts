import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

/**
 * The web's multipart schedule form (001 §7 "Schedules") read into the JSON body the schema
 * validates, like issue-form.ts for issues:
 *  - nested and indexed names: `repeat_every[type]`, `end[value]`, `time_slots[0][start]`,
 *    `links[1][url]`, `presence_alarm[earlier_than_start][enabled]`, `time_limits[completion][unit]`;
 *  - booleans as 1/0 (or true/false), numbers from their text;
 *  - id lists from repeated fields (`watchers`, `watchers[]`, `watchers[0]`) or a comma list, and
 *    `null` for a list emptied on purpose (001 §7 "Empty arrays are sent as null");
 *  - a nested field may also come as one JSON text (`time_slots=[{"start":...}]`).
 * Empty fields are left out, as the web sends only what it has. Files are refused (422).
 */

const ID_LISTS = new Set([
  'categories',
  'watchers',
  'replacements',
  'assets',
  'checklist_templates',
  'repeat_on',
]);
/** Leaves read as booleans, by their path with indexes and alarm rules as '*'. */
const BOOLEANS = new Set([
  'is_attachment_required',
  'is_worktime_required',
  'seasonal_break_yearly',
  'presence_alarm_enabled',
  'repeat_every.exclude_weekends',
  'presence_alarm.*.enabled',
]);
const NUMBERS = new Set([
  'workspace_id',
  'priority_id',
  'category_id',
  'assignee_id',
  'repeat_week_of_month',
  'repeat_every.value',
  'end.value',
  'time_limits.completion.value',
  'presence_alarm.*.hours',
  'presence_alarm.*.minutes',
]);
/** Leaves where the text `null` means null (clearing the field). */
const NULLABLE = new Set([
  'category_id',
  'assignee_id',
  'repeat_week_of_month',
  'end.value',
  'seasonal_break_start',
  'seasonal_break_end',
  'time_limits.completion',
]);
/** Nested fields that may also come whole, as one JSON text. */
const JSON_FIELDS = new Set(['time_slots', 'links', 'repeat_every', 'end', 'time_limits', 'presence_alarm']);
const FORM_LIMITS = { fields: 2_000, files: 0, fieldSize: 200_000 };

const asNumber = (value: string): number | string =>
  /^-?\d{1,15}(\.\d{1,6})?$/.test(value) ? Number(value) : value;
function asBoolean(value: string): boolean | string {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** Indexes of time_slots and links stay small (the schema allows far fewer entries anyway). */
const INDEX_MAX = 999;
/** Names that would reach an object's prototype: never a path segment. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `a[b][0][c]` as ['a', 'b', '0', 'c']; undefined for a name that is not of that shape or that
 * names a prototype or an index past INDEX_MAX (kept as a plain field the schema refuses).
 */
function segmentsOf(name: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return undefined;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string);
  const segments = [match[1] as string, ...rest];
  if (segments.some((s) => UNSAFE_SEGMENTS.has(s) || (/^\d+$/.test(s) && Number(s) > INDEX_MAX)))
    return undefined;
  return segments;
}

/** The leaf's rule key: indexes and presence-alarm rule names as '*'. */
const ruleKeyOf = (segments: string[]) =>
  segments
    .map((s, i) => (/^\d+$/.test(s) || (segments[0] === 'presence_alarm' && i === 1) ? '*' : s))
    .join('.');

function leafValue(ruleKey: string, value: string): unknown {
  if (value === 'null' && NULLABLE.has(ruleKey)) return null;
  if (BOOLEANS.has(ruleKey)) return asBoolean(value);
  if (NUMBERS.has(ruleKey)) return asNumber(value);
  if (JSON_FIELDS.has(ruleKey)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** Sets a value at a path of objects (numeric segments are array indexes, compacted later). */
function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const [i, segment] of segments.slice(0, -1).entries()) {
    const next = node[segment];
    if (typeof next !== 'object' || next === null) {
      node[segment] = /^\d+$/.test(segments[i + 1] as string) ? [] : {};
    }
    node = node[segment] as Record<string, unknown>;
  }
  node[segments.at(-1) as string] = value;
}

/** Arrays written by index (time_slots[2] without [1]) lose their holes. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

export async function readScheduleFormBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        part.file.resume();
        throw new AppError(422, 'invalid_format', 'The schedule form takes no files', {
          [part.fieldname]: 'invalid_format',
        });
      }
      const raw = typeof part.value === 'string' ? part.value : String(part.value);
      const value = raw.trim();
      if (value === '') continue;
      const segments = segmentsOf(part.fieldname);
      if (!segments) {
        if (!UNSAFE_SEGMENTS.has(part.fieldname)) body[part.fieldname] = raw;
        continue;
      }
      const [name] = segments as [string];
      if (ID_LISTS.has(name) && segments.length <= 2) {
        if (value === 'null') {
          if (!Array.isArray(body[name])) body[name] = null;
          continue;
        }
        const list = Array.isArray(body[name]) ? (body[name] as unknown[]) : [];
        for (const item of value.split(',')) if (item.trim()) list.push(asNumber(item.trim()));
        body[name] = list;
        continue;
      }
      // A nested field sent as `null` (time_slots=null) empties it, as lists do.
      if (segments.length === 1 && value === 'null' && (name === 'time_slots' || name === 'links')) {
        body[name] = null;
        continue;
      }
      const ruleKey = ruleKeyOf(segments);
      const isText =
        !BOOLEANS.has(ruleKey) &&
        !NUMBERS.has(ruleKey) &&
        !NULLABLE.has(ruleKey) &&
        !JSON_FIELDS.has(ruleKey);
      // Free text (title, description) as typed; the schema trims what it trims.
      setPath(body, segments, isText ? raw : leafValue(ruleKey, value));
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(422, 'too_long', 'Too many fields or files in one form', { _: 'too_long' });
    }
    throw err;
  }
  return compact(body) as Record<string, unknown>;
}

/** preValidation of the schedule calls that take JSON or the web's multipart form. */
export async function multipartScheduleBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) (request as { body: unknown }).body = await readScheduleFormBody(request);
}
