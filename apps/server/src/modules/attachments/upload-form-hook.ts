import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Auth } from '../../http/authenticate.js';
import { authOf } from '../../http/authenticate.js';
import { type AttachmentForm, readUploadForm } from './attachment-upload.js';

/** The form of each upload request, read before validation and kept for its handler. */
const uploadForms = new WeakMap<FastifyRequest, AttachmentForm>();

/**
 * The preValidation of an upload call (form data only): `refuse` answers a caller who may not
 * upload to the issue named by `:id` before a byte of the files is read; then the form is read
 * once, for the handler's uploadFormOf.
 */
export function readsUploadForm(
  refuse: (auth: Auth, issueId: number) => Promise<void>,
): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    const issueId = Number((request.params as { id?: unknown }).id);
    // A malformed id is answered by the params schema next.
    if (!Number.isSafeInteger(issueId) || issueId <= 0) return;
    await refuse(authOf(request), issueId);
    uploadForms.set(request, await readUploadForm(request));
  };
}

/** The form readsUploadForm read for this request. */
export function uploadFormOf(request: FastifyRequest): AttachmentForm {
  const form = uploadForms.get(request);
  if (!form) throw new Error('An upload route reads its form with readsUploadForm');
  return form;
}
