import type { IdKind } from '@workbench/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { issueToken } from '../../src/modules/auth/tokens.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  FIELD_VALUES,
  type JsonSchema,
  MULTIPART_BODIES,
  PATH_VALUES,
  QUERY_VALUES,
  resolveSchema,
  sampleOf,
  WHOLE_BODIES,
} from './bad-inputs.js';
import { buildFuzzOrganisation, type FuzzOrganisation, idForField } from './fuzz-world.js';
import { fingerprintChanges, organisationFingerprint } from './organisation-fingerprint.js';

/**
 * The fuzzer: every operation of the OpenAPI document, as an admin, a member, a partner,
 * another organisation's admin and anonymously, with malformed paths, queries and bodies. It
 * fails on any answer of 500 or more, any answer slower than 2 s, and any change to the data of
 * an organisation the caller does not belong to. A route added later is fuzzed the day it is
 * added: nothing here names a route. Its two halves (test/fuzz-*.test.ts) run in files of their
 * own, so the two test workers fuzz at the same time; each starts its own server and world.
 */

const DEADLINE_MS = 2000;

type Operation = {
  method: string;
  /** The OpenAPI path, with {name} parameters. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
  multipart: boolean;
  ids: Record<string, IdKind>;
};

type Persona = {
  name: string;
  user: { id: number; clientId: number } | null;
  own: FuzzOrganisation;
  other: FuzzOrganisation;
  /** 'full' sends every class; 'light' the ones a less privileged caller reaches. */
  depth: 'full' | 'light';
};

type Probe = { cls: string; path: string; type?: string; body?: string | Buffer };

type Outcome = {
  persona: string;
  method: string;
  path: string;
  cls: string;
  status: number;
  ms: number;
  error?: string;
};

let server: TestServer;
let own: FuzzOrganisation;
let stranger: FuzzOrganisation;
let operations: Operation[];
let components: Record<string, JsonSchema>;
const outcomes: Outcome[] = [];

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The path with each parameter filled: an id of the kind it names in `org`, or `override`. */
function pathOf(op: Operation, org: FuzzOrganisation, override?: string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override !== undefined) return override;
    if (name === '*') return `${org.clientId}/fuzz/${'0'.repeat(32)}.png`;
    const kind = op.ids[name];
    if (!kind || kind === 'token') return 'fuzz-token-value';
    return String(org.ids[kind]);
  });
}

function sampleBody(op: Operation, org: FuzzOrganisation): Record<string, unknown> | undefined {
  if (!op.body) return undefined;
  const body = sampleOf(op.body, '', (field) => idForField(org, field), components);
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** The bad values worth sending for one field, by the type its schema gives it. */
function fieldClasses(schema: JsonSchema): string[] {
  const s = resolveSchema(schema, components);
  const types = new Set<string>(
    [s.type, ...((s.anyOf ?? s.oneOf ?? []) as JsonSchema[]).map((o) => resolveSchema(o, components).type)]
      .flat()
      .filter(Boolean),
  );
  const classes = ['null', 'object'];
  if (types.has('string'))
    classes.push('nul', 'lone_surrogate', 'bidi_override', 'control_character', 'long_text', 'decimal');
  if (types.has('integer') || types.has('number'))
    classes.push('int32_overflow', 'huge_number', 'negative', 'decimal', 'string_for_number');
  if (types.has('array')) classes.push('list_of_overflow', 'array', 'nul');
  if (types.has('boolean')) classes.push('string_for_number');
  return [...new Set(classes)];
}

function* probes(op: Operation, persona: Persona): Generator<Probe> {
  const json = 'application/json';
  const sample = sampleBody(op, persona.own);
  const withBody = (cls: string, path: string, body = sample): Probe =>
    body === undefined ? { cls, path } : { cls, path, type: json, body: JSON.stringify(body) };
  const ownPath = pathOf(op, persona.own);
  yield withBody('well_formed', ownPath);
  const idParams = op.pathParams.filter((p) => op.ids[p] && op.ids[p] !== 'token');
  if (idParams.length) yield withBody('other_organisation_ids', pathOf(op, persona.other));
  const full = persona.depth === 'full';

  const pathClasses = full ? Object.keys(PATH_VALUES) : ['int32_overflow', 'nul', 'word'];
  if (op.pathParams.length) {
    for (const cls of pathClasses) yield withBody(`path:${cls}`, pathOf(op, persona.own, PATH_VALUES[cls]));
  }

  if (full && op.queryParams.length) {
    // Each variant gives every parameter a different class, so every (parameter, class) pair is sent once.
    const classes = Object.keys(QUERY_VALUES);
    for (let k = 0; k < classes.length; k++) {
      const query = op.queryParams
        .map(
          (name, i) =>
            `${encodeURIComponent(name)}=${QUERY_VALUES[classes[(i + k) % classes.length] as string]}`,
        )
        .join('&');
      yield { cls: `query:${classes[k]}`, path: `${ownPath}?${query}` };
    }
    yield { cls: 'query:unknown_parameter', path: `${ownPath}?zz_unknown=%00&${op.queryParams[0]}[]=1` };
  }

  if (op.method !== 'GET') {
    const wholeClasses = full ? Object.keys(WHOLE_BODIES) : ['empty_object', 'invalid_json', 'not_utf8'];
    for (const cls of wholeClasses) {
      const whole = WHOLE_BODIES[cls] as { type: string; body: string | Buffer };
      yield { cls: `body:${cls}`, path: ownPath, type: whole.type, body: whole.body };
    }
  }

  if (full && sample && op.body) {
    const properties = (resolveSchema(op.body, components).properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, schema] of Object.entries(properties)) {
      for (const cls of fieldClasses(schema)) {
        yield withBody(`field:${cls}`, ownPath, { ...sample, [field]: FIELD_VALUES[cls] });
      }
    }
    yield withBody('field:unknown', ownPath, { ...sample, zz_unknown: 'a\u0000b', __proto__x: 1 });
  }

  if (op.multipart) {
    const multipartClasses = full ? Object.keys(MULTIPART_BODIES) : ['cut_off'];
    for (const cls of multipartClasses) {
      const form = MULTIPART_BODIES[cls] as { type: string; body: string };
      yield { cls: `multipart:${cls}`, path: ownPath, type: form.type, body: form.body };
    }
  }
}

async function send(persona: Persona, token: string | null, op: Operation, probe: Probe): Promise<Outcome> {
  const started = performance.now();
  let status = 0;
  let error: string | undefined;
  try {
    const res = await fetch(`${server.url}${probe.path}`, {
      method: op.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(probe.type ? { 'content-type': probe.type } : {}),
      },
      body: probe.body,
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    // The live stream never ends: its status and headers are the answer.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
    else {
      const text = await res.text();
      if (status >= 500) error = text.slice(0, 200);
    }
  } catch (err) {
    error = (err as Error).message;
  }
  const ms = Math.round(performance.now() - started);
  const outcome = {
    persona: persona.name,
    method: op.method,
    path: probe.path.slice(0, 160),
    cls: probe.cls,
    status,
    ms,
    error,
  };
  outcomes.push(outcome);
  return outcome;
}

/**
 * A 5xx is a failure, except the documented 503 of a provider this server has not been set up
 * with (machine translation, the geocoder: `*_not_configured`): that answer is the feature
 * switched off, not a fault.
 */
function isServerFailure(outcome: { status: number; error?: string | undefined }): boolean {
  if (outcome.status < 500) return false;
  if (outcome.status !== 503) return true;
  try {
    return !/_not_configured$/.test(String(JSON.parse(outcome.error ?? '{}').error ?? ''));
  } catch {
    return true;
  }
}

/** Runs every probe of every operation for the personas; returns the failures. */
async function fuzz(personas: Persona[]): Promise<string[]> {
  const failures: string[] = [];
  for (const op of operations) {
    for (const org of new Set(personas.map((p) => p.own))) await org.renewIssue();
    for (const persona of personas) {
      // A fresh session per operation: an earlier probe may have logged the last one out.
      const token = persona.user
        ? (
            await issueToken(server.db, {
              userId: persona.user.id,
              clientId: persona.user.clientId,
              kind: 'session',
              ttlMs: 3_600_000,
            })
          ).raw
        : null;
      for (const probe of probes(op, persona)) {
        const outcome = await send(persona, token, op, probe);
        if (outcome.status === 0 || isServerFailure(outcome) || outcome.ms > DEADLINE_MS) {
          failures.push(
            `${persona.name} ${op.method} ${outcome.path} [${probe.cls}] → ${outcome.status} in ${outcome.ms} ms ${outcome.error ?? ''}`,
          );
        }
      }
    }
  }
  return failures;
}

/**
 * Starts the server and the two organisations before the file's tests, and stops it after.
 * `fuzzLeaving` fuzzes as the personas and proves the organisations they do not belong to are
 * unchanged; `report` prints what was sent and checks there was plenty.
 */
export function setupFuzz() {
  beforeAll(async () => {
    // The test workers keep modules between files (isolate: false): each file counts its own.
    outcomes.length = 0;
    // Unexpected errors are logged with their stack, so a failure here says where it came from.
    server = await startTestServer({ logLevel: 'error' });
    own = await buildFuzzOrganisation(server);
    stranger = await buildFuzzOrganisation(server);
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as JsonSchema;
    components = doc.components?.schemas ?? {};
    const routeOf = (method: string, path: string) =>
      server.routes.find(
        (r) => r.method === method && r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}') === path,
      );
    operations = Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([method]) => METHOD_ORDER.includes(method.toUpperCase()))
          .map(([method, op]) => {
            const upper = method.toUpperCase();
            const params = (op.parameters ?? []) as Array<{ in: string; name: string }>;
            const contract = routeOf(upper, path)?.config;
            return {
              method: upper,
              path,
              pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
              queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
              body: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
              multipart: !!contract?.contract?.multipart,
              ids: (contract?.ids ?? {}) as Record<string, IdKind>,
            };
          }),
      )
      // Reads first, deletions last, and the deletion of a whole entity after those of its parts
      // (`/workspace/{id}` after `/workspace/{id}/favorite`), so a deletion costs the fewest
      // operations their depth.
      .sort(
        (a, b) =>
          METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) ||
          (a.method === 'DELETE' ? b.path.length - a.path.length : 0),
      );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  return {
    routes: () => server.routes,
    operations: () => operations,
    own: () => own,
    stranger: () => stranger,
    fuzzLeaving,
    report,
  };
}

/** Fuzzes as the personas and proves that the organisations they do not belong to are unchanged. */
async function fuzzLeaving(untouched: number[], personas: Persona[]): Promise<void> {
  const before = await Promise.all(untouched.map((id) => organisationFingerprint(server.db, id)));
  const failures = await fuzz(personas);
  const after = await Promise.all(untouched.map((id) => organisationFingerprint(server.db, id)));
  expect(failures).toEqual([]);
  expect(before.flatMap((fingerprint, i) => fingerprintChanges(fingerprint, after[i] ?? {}))).toEqual([]);
}

/** Prints what this file sent, and checks every operation got several probes. */
function report(): void {
  const classes = new Set(outcomes.map((o) => o.cls));
  const byStatus = new Map<number, number>();
  for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  const slowest = Math.max(...outcomes.map((o) => o.ms));
  const wellFormed = outcomes.filter((o) => o.cls === 'well_formed');
  const accepted = wellFormed.filter((o) => o.status < 300).length;
  const callers = new Set(outcomes.map((o) => o.persona)).size;
  console.log(
    `fuzz: ${operations.length} operations, ${outcomes.length} requests, ${classes.size} classes, ` +
      `${callers} callers; well-formed requests accepted ${accepted}/${wellFormed.length}; statuses ${[
        ...byStatus,
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}; slowest ${slowest} ms`,
  );
  expect(outcomes.length).toBeGreaterThan(operations.length * callers);
}
