import {
  calendarContracts as contracts,
  readCalendarYearlyEventsQuery,
  readCalendarYearlyQuery,
  ZCalendarItemPageSchema,
  ZCalendarYearlyResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { readContextOf } from '../../db/replica.js';
import { compiledFor200 } from '../../http/compiled-serializer.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import { exportYearly, listYearly, listYearlyEvents } from './calendar-yearly-service.js';

/**
 * The yearly calendar (001 §7 "Calendar"): GET calendar/yearly (schedule rows with twelve month
 * cells), GET calendar/yearly/events (one cell's items) and calendar/yearly/export (the PDF, by
 * GET or POST with the same query).
 */
export function registerCalendarYearlyRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A page of 50 rows holds up to 3,000 items: compiled, as the issue list (zod's check is slow).
  const page = (data: unknown) => typeof data === 'object' && data !== null && 'current_page' in data;
  route(
    app,
    ctx,
    contracts.yearly,
    async ({ auth, query, request }) =>
      listYearly(await readContextOf(ctx, auth), auth, readCalendarYearlyQuery(query), pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarYearlyResponseSchema, page) },
  );
  route(
    app,
    ctx,
    contracts.yearlyEvents,
    async ({ auth, query, request }) =>
      listYearlyEvents(
        await readContextOf(ctx, auth),
        auth,
        readCalendarYearlyEventsQuery(query),
        pathOf(request),
      ),
    { serializerCompiler: compiledFor200(ZCalendarItemPageSchema, page) },
  );
  const sendPdf = async (file: { fileName: string; pdf: Buffer }, reply: FastifyReply) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.pdf);
  route(app, ctx, contracts.yearlyExport, async ({ auth, query, reply }) =>
    sendPdf(await exportYearly(await readContextOf(ctx, auth), auth, readCalendarYearlyQuery(query)), reply),
  );
  route(app, ctx, contracts.yearlyExportPost, async ({ auth, query, reply }) =>
    sendPdf(await exportYearly(await readContextOf(ctx, auth), auth, readCalendarYearlyQuery(query)), reply),
  );
}
