import type { ErrorBody, ErrorKey } from '@workbench/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a handler throws on purpose: it becomes the JSON error body with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of the keys in packages/domain ERROR_KEYS, so the web has a translation for it. */
    readonly key: ErrorKey,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Uploads: each refused file with its key. */
    readonly files?: Array<{ name: string; key: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const forbidden = (message = 'You may not do this') => new AppError(403, 'forbidden', message);
export const fieldError = (field: string, key: ErrorKey, message: string, status = 422) =>
  new AppError(status, key, message, { [field]: key });

type ValidationIssue = { instancePath?: string; message?: string };

/** The first error key of each field, from zod issues as the type provider reports them. */
function fieldsFromValidation(issues: ReadonlyArray<ValidationIssue>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    // zod's own messages (for a wrong type) are sentences; our schemas set keys as messages.
    const message = issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_format';
    if (!(key in fields)) fields[key] = message;
  }
  return fields;
}

/**
 * A multipart body the parser could not read to its end (cut off before the closing boundary, a
 * broken part header): busboy throws plain errors, recognised by their messages.
 */
function isMalformedMultipart(error: Error): boolean {
  return /unexpected end of (form|multipart data|file)|terminated early|malformed part header|boundary not found/i.test(
    error.message,
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: error.key,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.files ? { files: error.files } : {}),
      };
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = {
        error: 'validation_failed',
        message: 'Some fields are not valid',
        fields: fieldsFromValidation(error.validation),
      };
      return reply.status(422).send(body);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: 'invalid_json', message: 'The request body is not valid JSON' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: 'unsupported_media_type', message: 'Send JSON' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'payload_too_large', message: 'The request body is too large' });
    }
    if (!error.statusCode && request.isMultipart?.() && isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ error: 'invalid_multipart', message: 'The multipart body is incomplete' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other refusal by Fastify itself (bad header, ...) is the caller's fault, never a 500.
      return reply.status(error.statusCode).send({ error: 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: 'general_error', message: 'An error occurred, please try again' });
  });
}
