import { readIssueListQuery, ZIssueListQuerySchema } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { ISSUE_EXPORT_FORMATS, isIssueExportFormat, issueExportFileName } from './issue-export-format.js';
import { exportIssues } from './issue-export-service.js';
import { security, tags } from './issue-route-common.js';

/** GET issue/export (000 §2 bulk export, 001 §9): the filtered list or the selected ids, streamed. */
export function issueExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/issue/export',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags,
        summary:
          'Export the issue list (every list filter, no paging) or selected issues (ids=1,2,3, with the other list filters; only visible ones) as xlsx, csv (UTF-8 with BOM), json or xml; streamed as an attachment issues-YYYY-MM-DD.<ext>.',
        security,
        querystring: ZIssueListQuerySchema.extend({
          format: z.string().optional().describe(Object.keys(ISSUE_EXPORT_FORMATS).join('|')),
        }),
        response: { 200: z.any().describe('the file, streamed'), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { format, ...rest } = request.query;
      if (!isIssueExportFormat(format)) {
        throw fieldError('format', 'invalid_format', 'format must be xlsx, csv, json or xml');
      }
      const stream = await exportIssues(ctx, authOf(request), readIssueListQuery(rest), format);
      return reply
        .header('content-type', ISSUE_EXPORT_FORMATS[format].contentType)
        .header('content-disposition', `attachment; filename="${issueExportFileName(format, new Date())}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
