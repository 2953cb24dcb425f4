import { issueReportContracts as contracts, readIssueReportQuery } from '@workbench/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { exportIssueReport, exportPublicIssueReport, type IssueReportFile } from './issue-report-service.js';

/**
 * RFC 6266 content-disposition of a report: an ASCII fallback name and the real one as
 * filename* in UTF-8 (a workspace 'Łódź – Мастерская' keeps its letters).
 */
export function reportDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function sendReport(reply: FastifyReply, file: IssueReportFile): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', reportDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** GET issue/{id}/download/{fileType} (000 §7, 001 §7 "Exports") and the reporter's public variant. */
export function issueReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.download, async ({ auth, params, query, request, reply }) => {
    const file = await exportIssueReport(
      ctx,
      auth,
      params.id,
      readIssueReportQuery(query),
      () => request.raw.destroyed,
    );
    return sendReport(reply, file);
  });
  route(app, ctx, contracts.publicDownload, async ({ params, query, request, reply }) =>
    sendReport(reply, await exportPublicIssueReport(ctx, request, params.id, query.token, query.language)),
  );
}
