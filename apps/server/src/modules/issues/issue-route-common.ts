import { ISSUE_DB_ID_MAX } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const tags = ['Issues'];
export const security = [{ bearer: [] }];
export const ZIssueParams = z.object({ id: z.coerce.number().int().positive().max(ISSUE_DB_ID_MAX) });
/** Every issue/{id} route declares its id (the id guard answers 404 for an issue the caller cannot see). */
export const issueId = { ids: { id: 'issue' as const } };

/** The path of a list call as the web sees it, for the envelope's page links. */
export const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
