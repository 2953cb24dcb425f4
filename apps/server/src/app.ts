import { isUtf8 } from 'node:buffer';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { noteWritesHook } from './db/replica.js';
import { AppError, registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerIdGuard } from './modules/access/id-guard.js';
import { assetGroupRoutes } from './modules/assets/asset-group-routes.js';
import { assetRoutes } from './modules/assets/asset-routes.js';
import { assetSystemRoutes } from './modules/assets/asset-system-routes.js';
import { collaborationAssetSystemRoutes } from './modules/assets/collaboration-asset-systems-routes.js';
import { regulatoryFileRoutes } from './modules/assets/regulatory-routes.js';
import { attachmentRoutes } from './modules/attachments/attachment-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { registerCalendarRoutes } from './modules/calendar/calendar-routes.js';
import { registerCalendarYearlyRoutes } from './modules/calendar/calendar-yearly-routes.js';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed-routes.js';
import { categoryRoutes } from './modules/categories/category-routes.js';
import { checklistRoutes } from './modules/checklists/checklist-routes.js';
import { clientRoutes } from './modules/clients/client-routes.js';
import { collaborationRoutes } from './modules/collaborations/collaboration-routes.js';
import { configRoutes } from './modules/config/config-routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.js';
import { dynamicFormRoutes } from './modules/dynamic-forms/dynamic-form-routes.js';
import { equipmentBookingRoutes } from './modules/equipment/equipment-booking-routes.js';
import { equipmentRoutes } from './modules/equipment/equipment-routes.js';
import { equipmentSetRoutes } from './modules/equipment/equipment-set-routes.js';
import { publicEquipmentRoutes } from './modules/equipment/public-equipment-routes.js';
import { geocodeRoutes } from './modules/geocoding/geocode-routes.js';
import { tileImageSource } from './modules/geocoding/maps-config.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { odooRoutes } from './modules/integrations/odoo-routes.js';
import { issueReportRoutes } from './modules/issue-report/issue-report-routes.js';
import { issueRoutes } from './modules/issues/issue-routes.js';
import { liveRoutes } from './modules/live/live-routes.js';
import { locationRequestRoutes } from './modules/location-requests/location-request-routes.js';
import { mailRoutes } from './modules/mail/mail-routes.js';
import { notificationRoutes } from './modules/notifications/notification-routes.js';
import { publicFormRoutes } from './modules/public-area/public-form-routes.js';
import { publicIssueRoutes } from './modules/public-area/public-issue-routes.js';
import { publicReportStaffRoutes } from './modules/public-area/public-report-staff-routes.js';
import { qrScanRoutes } from './modules/qr-scan/qr-scan-routes.js';
import { scheduleRoutes } from './modules/schedules/schedule-routes.js';
import { sessionRoutes } from './modules/sessions/session-routes.js';
import { textTemplateRoutes } from './modules/templates/text-template-routes.js';
import { translationRoutes } from './modules/translation/translation-routes.js';
import { userRoutes } from './modules/users/user-routes.js';
import { workspaceInfoRoutes } from './modules/workspace-info/workspace-info-routes.js';
import { workspaceRoutes } from './modules/workspaces/workspace-routes.js';
import { fileRoutes } from './storage/file-routes.js';

export const API_PREFIX = '/api/v4';

/** A registered route as the router knows it; the tenant-boundary test walks this list. */
export type RouteEntry = { method: string; url: string; config: FastifyContextConfig };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Builds the whole HTTP app on an open database; main.ts listens, tests listen on port 0. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: ctx.config.logLevel } : false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1_000_000,
    // A path the router cannot decode (escapes that are not UTF-8) answers in our error body.
    frameworkErrors: (error, _request, rawReply) => {
      const reply = rawReply as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') {
        return reply
          .status(400)
          .send({ error: 'invalid_encoding', message: 'The address is not valid UTF-8' });
      }
      return reply.status(400).send({ error: 'bad_request', message: error.message });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  registerErrorHandling(app);
  // With a read replica: a person's write is noted before its answer leaves (read your writes).
  if (ctx.readDb) {
    const noteWrite = noteWritesHook(ctx.readDb);
    app.addHook('onSend', async (request, reply, payload) => {
      await noteWrite(request, reply.statusCode);
      return payload;
    });
  }
  await registerSecurityHeaders(app, {
    hsts: ctx.config.hsts,
    imageSources: [tileImageSource(ctx.config.maps.tiles)].filter((s): s is string => !!s),
  });

  // JSON must be UTF-8: the default parser would silently turn other bytes into U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new AppError(400, 'invalid_encoding', 'The request body is not UTF-8'), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });

  // Uploads (images, documents): 20 MB per request at most; each feature checks its own limits.
  await app.register(fastifyMultipart, { limits: { fileSize: 20_000_000, files: 20, fields: 200 } });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workbench API',
        version: '4.0.0',
        description:
          'Every call of the product under /api/v4. Errors share one body: {error, message, fields}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation page sets its own CSP for its scripts and styles.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      registerIdGuard(api, ctx);
      healthRoutes(api, ctx);
      fileRoutes(api, ctx);
      authRoutes(api, ctx);
      userRoutes(api, ctx);
      clientRoutes(api, ctx);
      configRoutes(api, ctx);
      mailRoutes(api, ctx);
      workspaceRoutes(api, ctx);
      collaborationRoutes(api, ctx);
      issueRoutes(api, ctx);
      attachmentRoutes(api, ctx);
      checklistRoutes(api, ctx);
      categoryRoutes(api, ctx);
      assetRoutes(api, ctx);
      textTemplateRoutes(api, ctx);
      assetGroupRoutes(api, ctx);
      assetSystemRoutes(api, ctx);
      regulatoryFileRoutes(api, ctx);
      collaborationAssetSystemRoutes(api, ctx);
      scheduleRoutes(api, ctx);
      calendarFeedRoutes(api, ctx);
      registerCalendarRoutes(api, ctx);
      registerCalendarYearlyRoutes(api, ctx);
      equipmentRoutes(api, ctx);
      equipmentBookingRoutes(api, ctx);
      equipmentSetRoutes(api, ctx);
      publicEquipmentRoutes(api, ctx);
      publicIssueRoutes(api, ctx);
      publicFormRoutes(api, ctx);
      publicReportStaffRoutes(api, ctx);
      notificationRoutes(api, ctx);
      liveRoutes(api, ctx);
      sessionRoutes(api, ctx);
      dashboardRoutes(api, ctx);
      locationRequestRoutes(api, ctx);
      issueReportRoutes(api, ctx);
      dynamicFormRoutes(api, ctx);
      geocodeRoutes(api, ctx);
      qrScanRoutes(api, ctx);
      workspaceInfoRoutes(api, ctx);
      translationRoutes(api, ctx);
      odooRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, ctx.config.webDist);
  return app;
}
