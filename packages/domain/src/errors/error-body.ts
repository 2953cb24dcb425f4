import { z } from 'zod';

/**
 * One error shape for every failed call: a stable key, a readable English message (the web app
 * shows its own translation of the key), and the first error key per invalid field.
 */
export const ZErrorBodySchema = z
  .object({
    error: z.string().describe('Stable machine key, e.g. incorrect_email_or_password'),
    message: z.string().describe('Readable English message'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field error keys, e.g. {"email": "invalid_format"}'),
    files: z
      .array(z.object({ name: z.string(), key: z.string() }))
      .optional()
      .describe(
        'Uploads: each refused file by name with its error key (file_type_not_allowed, file_too_big, ...)',
      ),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof ZErrorBodySchema>;
