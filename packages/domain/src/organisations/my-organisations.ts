import { z } from 'zod';

/**
 * Switching organisations (issue 21): the organisations a person belongs to (user_clients), for
 * the user menu; POST user/switch_client (users/user-contracts.ts) moves them to one.
 */
export const ZMyOrganisationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    role: z.enum(['admin', 'user']),
    /** The one the person works in now. */
    current: z.boolean(),
  })
  .meta({ id: 'MyOrganisation' });
export type MyOrganisation = z.infer<typeof ZMyOrganisationSchema>;

export const ZMyOrganisationsResponseSchema = z
  .object({ data: z.array(ZMyOrganisationSchema) })
  .meta({ id: 'MyOrganisations' });
export type MyOrganisations = z.infer<typeof ZMyOrganisationsResponseSchema>;
