import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * zod's JSON Schema in the form fast-json-stringify serializes fastest: `anyOf [X, null]` (how
 * zod writes `.nullable()`) becomes X with `nullable: true`, since an anyOf makes
 * fast-json-stringify test each value against each branch at run time.
 */
function forFastJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forFastJson);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const other = branches.find((b) => b.type !== 'null');
    if (other && branches.some((b) => b.type === 'null' && Object.keys(b).length === 1)) {
      const { anyOf: _, ...rest } = schema;
      return forFastJson({ ...rest, ...other, nullable: true });
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forFastJson(value)]));
}

/**
 * A JSON serializer compiled from a response's zod schema with fast-json-stringify (what Fastify
 * uses for JSON Schema responses): it writes the schema's properties only, like the zod encoder,
 * several times faster than zod's check plus JSON.stringify. For the hottest responses (the issue
 * list, bench/); the data must already have the schema's shape (TypeScript sees to it), since it
 * is not checked again.
 */
export function compiledSerializer<T extends z.ZodType>(schema: T): (data: z.output<T>) => string {
  const jsonSchema = forFastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: z.output<T>) => string;
}

/**
 * A route's serializerCompiler: the compiled serializer of `schema` for 200 answers that `isOne`
 * recognises, the checked zod one (fastify-type-provider-zod) for everything else.
 */
export function compiledFor200<T extends z.ZodType>(schema: T, isOne: (data: unknown) => boolean) {
  const write = compiledSerializer(schema);
  return (route: FastifyRouteSchemaDef<unknown>) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (String(route.httpStatus) !== '200') return checked;
    return (data: unknown) => (isOne(data) ? write(data as z.output<T>) : checked(data));
  };
}
