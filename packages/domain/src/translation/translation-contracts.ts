import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { ZIdParam } from '../contracts/params.js';
import {
  ZTranslateIssueBodySchema,
  ZTranslateIssueResponseSchema,
  ZTranslateWorkspaceBodySchema,
  ZTranslateWorkspaceResponseSchema,
  ZTranslationStatusSchema,
} from './translation-schemas.js';

const tags = ['Translation'];

/** 000 §7 POST translate/issue/{issueId} and translate/workspace/{workspaceId}, and ours: whether it is on. */
export const translationContracts = {
  issue: defineContract({
    method: 'POST',
    path: '/translate/issue/:issueId',
    caller: 'user',
    ids: { issueId: 'issue' },
    params: z.object({ issueId: ZIdParam }),
    body: ZTranslateIssueBodySchema,
    response: ZTranslateIssueResponseSchema,
    errors: ['translation_not_configured', 'translation_failed', 'unsupported_language'],
    errorStatuses: [429],
    tags,
    summary:
      "Translate an issue's title and description into the reader's language (or `language`); anyone who may see the issue; answers are cached until the text changes",
  }),
  workspace: defineContract({
    method: 'POST',
    path: '/translate/workspace/:workspaceId',
    caller: 'user',
    ids: { workspaceId: 'workspace' },
    params: z.object({ workspaceId: ZIdParam }),
    body: ZTranslateWorkspaceBodySchema,
    response: ZTranslateWorkspaceResponseSchema,
    errors: ['translation_not_configured', 'translation_failed', 'unsupported_language'],
    errorStatuses: [429],
    tags,
    summary:
      "Translate a workspace's name and description into the reader's language (or `language`); anyone who may see the workspace; cached until the text changes",
  }),
  status: defineContract({
    method: 'GET',
    path: '/translate/status',
    caller: 'user',
    ids: {},
    response: ZTranslationStatusSchema,
    tags,
    summary:
      'Whether this installation has a translation provider (the web hides the translation switch when not)',
  }),
};
