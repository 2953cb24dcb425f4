import { defineContract } from '../contracts/contract.js';
import { ZMyOrganisationsResponseSchema } from './my-organisations.js';

/** Ours (issue 21): the organisations of the user menu's switcher. */
export const myOrganisationContracts = {
  list: defineContract({
    method: 'GET',
    path: '/user/me/clients',
    caller: 'user',
    ids: {},
    response: ZMyOrganisationsResponseSchema,
    tags: ['Organisation'],
    summary: 'The organisations you belong to (switch with POST user/switch_client), yours now first',
  }),
};
