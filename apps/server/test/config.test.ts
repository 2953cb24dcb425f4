import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      smtp: undefined,
      seedDemo: true,
    });
    expect(config.webDist).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('reads the variables; blank ones count as unset', () => {
    const config = readConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/wb',
      APP_URL: 'https://work.example.com/',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '',
      SMTP_SECURE: '1',
      SEED_DEMO: '0',
      DATABASE_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/wb',
      appUrl: 'https://work.example.com',
      seedDemo: false,
      databaseUrl: undefined,
    });
    expect(config.smtp).toMatchObject({ host: 'smtp.example.com', port: 587, secure: true });
  });

  it('refuses bad values with a message naming each variable', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATABASE_SCHEMA: 'Bad-Name', APP_URL: 'ftp://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'DATABASE_SCHEMA', 'APP_URL'])
      expect(message).toContain(name);
  });
});
