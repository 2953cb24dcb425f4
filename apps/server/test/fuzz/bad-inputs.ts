/**
 * The classes of input the fuzzer sends, and a well-formed sample of each body from its OpenAPI
 * schema (so a mutation of one field reaches the code behind the schema, not only the schema).
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema as the OpenAPI document writes it
export type JsonSchema = Record<string, any>;

/** What fills an id field of a well-formed sample: the persona's own entities. */
export type IdSource = (field: string) => number;

/** A value for a path parameter, already URL-encoded. */
export const PATH_VALUES: Record<string, string> = {
  zero: '0',
  negative: '-1',
  int32_overflow: '2147483648',
  beyond_safe_integer: '9007199254740993',
  decimal: '1.5',
  exponent: '1e3',
  word: 'abc',
  nul: '%00',
  nul_inside: '1%00',
  bad_utf8: '%FF%FE',
  encoded_surrogate: '%ED%A0%80',
  dot_dot: '..%2F..%2Fetc%2Fpasswd',
  long: 'x'.repeat(3000),
};

/** A value for one query parameter, already URL-encoded. */
export const QUERY_VALUES: Record<string, string> = {
  nul: '%00',
  bad_utf8: '%FF%FE',
  encoded_surrogate: '%ED%A0%80',
  int32_overflow: '2147483648',
  negative: '-1',
  word: 'abc',
  list: '1,abc,%00,2147483648',
  long: 'y'.repeat(8000),
};

/** A replacement for one field of a well-formed body. */
export const FIELD_VALUES: Record<string, unknown> = {
  nul: 'a\u0000b',
  lone_surrogate: 'a\ud800b',
  bidi_override: 'Invoice\u202Efdp.exe',
  control_character: 'bell\u0007',
  int32_overflow: 2_147_483_648,
  huge_number: 1e300,
  negative: -1,
  decimal: 1.5,
  string_for_number: '12abc',
  object: { nested: { deeper: [1, 2, 3] } },
  array: [1, 'two', null],
  null: null,
  boolean: true,
  long_text: 'z'.repeat(70_000),
  list_of_overflow: [2_147_483_648, -1, 0],
};

/** Whole bodies, sent as they are, with their content type. */
export const WHOLE_BODIES: Record<string, { type: string; body: string | Buffer }> = {
  empty_object: { type: 'application/json', body: '{}' },
  array: { type: 'application/json', body: '[]' },
  null: { type: 'application/json', body: 'null' },
  string: { type: 'application/json', body: '"text"' },
  number: { type: 'application/json', body: '2147483648' },
  invalid_json: { type: 'application/json', body: '{"a":' },
  proto_pollution: {
    type: 'application/json',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  deep_nesting: { type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  not_utf8: {
    type: 'application/json',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  text_plain: { type: 'text/plain', body: 'hello' },
  form_urlencoded: { type: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  xml: {
    type: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
};

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

function part(name: string, value: string, fileName?: string): string {
  const disposition = `form-data; name="${name}"${fileName !== undefined ? `; filename="${fileName}"` : ''}`;
  const type = fileName !== undefined ? 'Content-Type: text/csv\r\n' : '';
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${value}\r\n`;
}

/** Multipart forms: each a class of its own. */
export const MULTIPART_BODIES: Record<string, { type: string; body: string }> = {
  cut_off: {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments[0][file]"; filename="a.csv"\r\n\r\npump;2`,
  },
  no_boundary: { type: 'multipart/form-data', body: part('title', 'x') },
  wrong_boundary: {
    type: 'multipart/form-data; boundary=other',
    body: `${part('title', 'x')}--${BOUNDARY}--\r\n`,
  },
  nul_field: {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('title', 'a\u0000b')}${part('description', 'bad\u0000')}--${BOUNDARY}--\r\n`,
  },
  spoofed_file_name: {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('attachments[0][file]', 'pump;2\n', 'report\u202Efdp.csv')}--${BOUNDARY}--\r\n`,
  },
  odd_field_names: {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('attachments[99999999999][file]', 'a;b\n', 'a.csv')}${part('attachments[0][__proto__]', 'x')}${part('image', 'not an image', 'a.png')}--${BOUNDARY}--\r\n`,
  },
  empty_form: { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}--\r\n` },
};

/** The OpenAPI component a $ref names, or the schema itself. */
export function resolveSchema(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
): JsonSchema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    current = components[current.$ref.split('/').pop() as string] ?? {};
  }
  return current;
}

/** A value that the schema takes: every property, ids of the persona's own entities. */
export function sampleOf(
  schema: JsonSchema | undefined,
  field: string,
  ids: IdSource,
  components: Record<string, JsonSchema>,
  depth = 0,
): unknown {
  const s = resolveSchema(schema, components);
  if (depth > 6) return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  // An empty default is a field left out; a sample should reach further than that.
  if ('default' in s && s.default !== '' && s.default !== null) return s.default;
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (options) {
    const chosen = options.find((o) => resolveSchema(o, components).type !== 'null') ?? options[0];
    return sampleOf(chosen, field, ids, components, depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign(
      {},
      ...s.allOf.map((p: JsonSchema) => sampleOf(p, field, ids, components, depth + 1)),
    );
  }
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
        out[name] = sampleOf(property, name, ids, components, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(s.items, field, ids, components, depth + 1));
    }
    case 'integer':
    case 'number':
      if (/(^|_)ids?$/.test(field) || field === 'parent_id') return ids(field);
      // Dates as unix seconds: a start tomorrow, an end the day after.
      if (/_date$|_at$/.test(field))
        return Math.floor(Date.now() / 1000) + (/start/.test(field) ? 1 : 2) * 86_400;
      return Math.max(typeof s.minimum === 'number' ? s.minimum : 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'email' || /email/.test(field))
        return `fuzz-${Math.random().toString(36).slice(2, 8)}@example.test`;
      if (s.format === 'date-time' || s.format === 'date') {
        const date = new Date(Date.now() + (/start/.test(field) ? 1 : 2) * 86_400_000).toISOString();
        return s.format === 'date' ? date.slice(0, 10) : date;
      }
      if (/(^|_)ids?$/.test(field)) return String(ids(field));
      if (typeof s.pattern === 'string' && s.pattern.includes('#')) return '#1c7ed6';
      const text = 'Fuzzed text value';
      return text.slice(0, Math.max(s.maxLength ?? text.length, 1)).padEnd(s.minLength ?? 0, 'x');
    }
    default:
      return 'Fuzzed';
  }
}
