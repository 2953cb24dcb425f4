import type { RouteContract } from '@workbench/domain';
import type { onSendHookHandler } from 'fastify';
import { z } from 'zod';

/** Whether a JSON schema has, anywhere inside, an object with a property named `token`. */
function hasTokenProperty(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasTokenProperty);
  const record = node as Record<string, unknown>;
  const properties = record.properties as Record<string, unknown> | undefined;
  if (properties && typeof properties === 'object' && 'token' in properties) return true;
  return Object.values(record).some(hasTokenProperty);
}

/**
 * A call whose answer carries a token (a login, a signup, a one-time link's session, a partner's
 * new admin, ...) is answered with Cache-Control: no-store, so no browser or proxy cache keeps the
 * credential. Read from the contract's response schema, so a new such call needs nothing more.
 */
export function answersCredentials(contract: RouteContract): boolean {
  if (!contract.response) return false;
  return hasTokenProperty(z.toJSONSchema(contract.response, { unrepresentable: 'any', io: 'output' }));
}

export const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};
