import { canManageTextTemplates } from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { managesAnyWorkspace } from '../collaborations/collaboration-queries.js';
import type { Db } from './text-template-queries.js';

/**
 * 403 unless the caller keeps the organisation's templates, text and checklist alike: admins
 * and workspace managers (canManageTextTemplates).
 */
export async function requireTemplateManager(db: Db, auth: Pick<Auth, 'userId' | 'clientId' | 'role'>) {
  const manages = auth.role === 'admin' || (await managesAnyWorkspace(db, auth));
  if (!canManageTextTemplates({ role: auth.role, managesAnyWorkspace: manages })) {
    throw forbidden('Only admins and workspace managers keep templates');
  }
}
