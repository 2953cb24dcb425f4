import { z } from 'zod';

/** A database id in a path: a positive whole number (the server answers 404 past PostgreSQL's integers). */
export const ZIdParam = z.coerce.number().int().positive();

/** The `:id` of `<entity>/:id` paths. */
export const ZIdParamsSchema = z.object({ id: ZIdParam });
