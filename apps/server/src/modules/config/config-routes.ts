import { configContracts, parseConfigParts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';
import { loadConfig } from './config-service.js';

export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, configContracts.get, ({ auth, query }) => {
    const { parts, unknown } = parseConfigParts(query.get_only);
    if (unknown.length) {
      // 000 §8 'Unsupported type': a typo must not silently return nothing.
      throw new AppError(422, 'unsupported_type', `Unsupported type: ${unknown.join(', ')}`, {
        get_only: 'unsupported_type',
      });
    }
    return loadConfig(ctx, auth, parts);
  });
}
