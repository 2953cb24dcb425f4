import {
  ISSUE_EXPORT_FORMATS,
  isIssueExportFormat,
  issueContracts,
  issueExportFileName,
  readIssueListQuery,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { fieldError } from '../../http/errors.js';
import { exportIssues } from './issue-export-service.js';

/** GET issue/export (000 §2 bulk export, 001 §9): the filtered list or the selected ids, streamed. */
export function issueExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, issueContracts.export, async ({ auth, query, reply }) => {
    const { format, ...rest } = query;
    if (!isIssueExportFormat(format)) {
      throw fieldError('format', 'invalid_format', 'format must be xlsx, csv, json or xml');
    }
    const stream = await exportIssues(ctx, auth, readIssueListQuery(rest), format);
    return reply
      .header('content-type', ISSUE_EXPORT_FORMATS[format].contentType)
      .header(
        'content-disposition',
        `attachment; filename="${issueExportFileName(format, new Date().toISOString().slice(0, 10))}"`,
      )
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
