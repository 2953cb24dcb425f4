import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type MapsConfig, mapsConfigOf, ZMapsEnvShape } from './modules/geocoding/maps-config.js';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// An empty variable means "not set", as in a shell `FOO= npm start`.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

const ZEnvSchema = z.object({
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  // A streaming standby of DATABASE_URL for the list, calendar and report reads (db/replica.ts).
  DATABASE_REPLICA_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  DATABASE_SCHEMA: optional.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _ only')
      .optional(),
  ),
  APP_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  SMTP_HOST: optional,
  SMTP_PORT: z.preprocess(blankIsUnset, z.coerce.number().int().positive().max(65535).optional()),
  SMTP_USER: optional,
  SMTP_PASSWORD: optional,
  SMTP_FROM: z.string().default('Workbench <no-reply@workbench.local>'),
  SMTP_SECURE: z.enum(['0', '1', 'true', 'false']).optional(),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).default('1'),
  WEB_DIST: optional,
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  HSTS: z.enum(['0', '1', 'true', 'false']).optional(),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  // Signs file URLs; every server of one installation needs the same one (else one in the database is used).
  FILE_URL_SECRET: optional.pipe(z.string().min(32, 'at least 32 characters').optional()),
  // Schedules: how many days ahead before_next_start_date creates issues, and how often the materializer looks.
  SCHEDULE_LEAD_DAYS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(366).default(14)),
  SCHEDULE_MATERIALIZE_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The location picker's geocoder and map tiles (modules/geocoding/maps-config.ts).
  ...ZMapsEnvShape,
  // Machine translation (issue 22): a LibreTranslate-compatible API or DeepL; unset: off.
  TRANSLATE_PROVIDER: z.preprocess(blankIsUnset, z.enum(['libretranslate', 'deepl']).optional()),
  TRANSLATE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TRANSLATE_API_KEY: optional,
  TRANSLATE_TIMEOUT_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(100).max(60_000).default(8000),
  ),
  // Encrypts stored integration keys (Odoo); unset: a random key kept in the database.
  INTEGRATIONS_SECRET: optional.pipe(z.string().min(32, 'at least 32 characters').optional()),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** DATABASE_REPLICA_URL: a streaming replica of DATABASE_URL for list, calendar and report reads. */
  databaseReplicaUrl?: string | undefined;
  appUrl: string;
  smtp:
    | { host: string; port: number; user?: string; password?: string; from: string; secure: boolean }
    | undefined;
  smtpFrom: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  /** Behind a load balancer: read the client address from X-Forwarded-For (login throttling uses it). */
  trustProxy: boolean;
  /** Strict-Transport-Security on every answer: on by default when APP_URL is https. */
  hsts: boolean;
  /** Files on S3-compatible storage when S3_BUCKET is set; local disk under DATA_DIR/files otherwise. */
  s3:
    | {
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** FILE_URL_SECRET: the key of signed file URLs; unset: a random one kept in the database. */
  fileUrlSecret: string | undefined;
  /** Days ahead a before_next_start_date schedule creates its issues (SCHEDULE_LEAD_DAYS). */
  scheduleLeadDays: number;
  /** Milliseconds between the schedule materializer's runs (SCHEDULE_MATERIALIZE_MS). */
  scheduleMaterializeMs: number;
  /** The location picker's geocoder (GEOCODER_*) and map tiles (MAP_TILE_*). */
  maps: MapsConfig;
  /** Machine translation (TRANSLATE_PROVIDER, TRANSLATE_URL, TRANSLATE_API_KEY); unset: off. */
  translate: TranslateConfig | undefined;
  /** INTEGRATIONS_SECRET: the key of stored integration secrets; unset: a random one in the database. */
  integrationsSecret?: string | undefined;
};

export type TranslateConfig = {
  provider: 'libretranslate' | 'deepl';
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
};

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of PostgreSQL; the embedded database has none)',
    );
  }
  const truthy = (v: string | undefined) => v === '1' || v === 'true';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM,
          secure: truthy(e.SMTP_SECURE),
        }
      : undefined,
    smtpFrom: e.SMTP_FROM,
    seedDemo: truthy(e.SEED_DEMO),
    webDist: resolve(e.WEB_DIST ?? resolve(serverRoot, '../web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: truthy(e.TRUST_PROXY),
    hsts: e.HSTS ? truthy(e.HSTS) : (e.APP_URL ?? '').startsWith('https:'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // A custom endpoint is usually a self-hosted service that wants path-style addresses.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? truthy(e.S3_FORCE_PATH_STYLE) : !!e.S3_ENDPOINT,
        }
      : undefined,
    fileUrlSecret: e.FILE_URL_SECRET,
    scheduleLeadDays: e.SCHEDULE_LEAD_DAYS,
    scheduleMaterializeMs: e.SCHEDULE_MATERIALIZE_MS,
    maps: mapsConfigOf(e, (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
    translate: e.TRANSLATE_PROVIDER
      ? {
          provider: e.TRANSLATE_PROVIDER,
          // DeepL's free and paid APIs differ by host: the key decides unless a URL is given.
          url: (
            e.TRANSLATE_URL ??
            (e.TRANSLATE_PROVIDER === 'deepl'
              ? e.TRANSLATE_API_KEY?.endsWith(':fx')
                ? 'https://api-free.deepl.com'
                : 'https://api.deepl.com'
              : 'http://localhost:5000')
          ).replace(/\/$/, ''),
          apiKey: e.TRANSLATE_API_KEY,
          timeoutMs: e.TRANSLATE_TIMEOUT_MS,
        }
      : undefined,
    integrationsSecret: e.INTEGRATIONS_SECRET,
  };
}
