import { z } from 'zod';

/** One of the logged-in person's sessions (settings → profile → sessions). */
export const ZSessionSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    expires_at: z.string(),
    remember_me: z.boolean(),
    /** Browser and system read from the device's user agent ('Chrome on Android'); null: unknown. */
    device: z.string().nullable(),
    ip_address: z.string().nullable(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof ZSessionSchema>;

/** 'Chrome on Android', 'Firefox on Windows', … from a user agent; null when it names neither. */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return (browser as string | null) ?? (system as string | null);
}
