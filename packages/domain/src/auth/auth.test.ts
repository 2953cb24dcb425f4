import { describe, expect, it } from 'vitest';
import { ZEmail, ZLoginRequestSchema, ZSignupRequestSchema } from './auth.js';
import { emailErrorKey } from './email.js';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe('auth request schemas', () => {
  const signup = {
    company_name: 'Acme Facilities',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: '  Ada@Example.COM ',
    password: 'long-enough',
  };

  it('normalises the e-mail address to trimmed lower case', () => {
    expect(ZSignupRequestSchema.parse(signup).email).toBe('ada@example.com');
    expect(ZLoginRequestSchema.parse({ email: 'X@Y.io', password: 'p' })).toEqual({
      email: 'x@y.io',
      password: 'p',
      remember_me: false,
    });
  });

  it('names each bad field with the spec key', () => {
    const result = ZSignupRequestSchema.safeParse({ ...signup, email: 'not-an-address', password: 'short' });
    expect(fieldErrors(result)).toEqual({ email: 'invalid_format', password: 'too_short' });
  });

  it('refuses an e-mail longer than 255 characters and an unsupported language', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(fieldErrors(ZSignupRequestSchema.safeParse({ ...signup, email: long })).email).toBe(
      'invalid_format',
    );
    expect(fieldErrors(ZSignupRequestSchema.safeParse({ ...signup, language: 'fr' })).language).toBe(
      'unsupported_language',
    );
  });

  it('requires every signup field', () => {
    const result = ZSignupRequestSchema.safeParse({});
    expect(Object.keys(fieldErrors(result)).sort()).toEqual(
      ['company_name', 'email', 'first_name', 'last_name', 'password'].sort(),
    );
  });
});

describe('emailErrorKey (the address check without zod)', () => {
  it('answers as ZEmail does', () => {
    for (const value of [
      '',
      '  ',
      'ada@example.com',
      ' Ada@Example.COM ',
      'ada@',
      'a b@example.com',
      'ada@example',
      `${'a'.repeat(250)}@example.com`,
      "o'brien+x@mail.example.org",
    ]) {
      const parsed = ZEmail.safeParse(value);
      expect(emailErrorKey(value), JSON.stringify(value)).toBe(
        parsed.success ? undefined : parsed.error.issues[0]?.message,
      );
    }
  });
});
