import type { FastifyRequest } from 'fastify';

/** The path of a list call as the web sees it, for the envelope's page links. */
export const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
