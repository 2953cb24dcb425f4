import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZAnswerLocationRequestSchema,
  ZLocationRequestSchema,
  ZMyLocationRequestsResponseSchema,
  ZRequestLocationBodySchema,
  ZRequestLocationResponseSchema,
} from './location-request-schemas.js';

const tags = ['Users'];

/** 000 §7 POST user/{id}/request_location, and ours: the asked person's list and answer. */
export const locationRequestContracts = {
  request: defineContract({
    method: 'POST',
    path: '/user/:id/request_location',
    caller: 'user',
    ids: { id: 'user' },
    params: ZIdParamsSchema,
    body: ZRequestLocationBodySchema,
    response: ZRequestLocationResponseSchema,
    errors: ['not_in_workspace'],
    tags,
    summary:
      'Ask a person to share their location in a workspace (admins, managers and group managers of it); a pending request of the same person and workspace is answered instead of a new one',
  }),
  mine: defineContract({
    method: 'GET',
    path: '/user/me/location_requests',
    caller: 'user',
    ids: {},
    response: ZMyLocationRequestsResponseSchema,
    tags,
    summary: 'Your pending location requests, newest first',
  }),
  answer: defineContract({
    method: 'POST',
    path: '/location_request/:id/answer',
    caller: 'user',
    ids: { id: 'location_request' },
    params: ZIdParamsSchema,
    body: ZAnswerLocationRequestSchema,
    response: ZLocationRequestSchema,
    errors: ['location_request_not_pending'],
    tags,
    summary:
      'Share your location (accept with latitude and longitude: a presence log entry) or decline; only the asked person',
  }),
};
