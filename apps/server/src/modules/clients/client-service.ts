import {
  type Client,
  canEditOrganisation,
  hasAnyPdfPart,
  mergeClientSettings,
  readClientSettings,
  type UpdateClientRequest,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { presentClient } from './client-presenter.js';
import { findClient, findClientForUpdate, saveClientChange } from './client-queries.js';

/** Another organisation's id answers 404, as if it did not exist (no probing for ids). */
function assertOwnClient(auth: Auth, clientId: number): void {
  if (clientId !== auth.clientId) throw notFound('Organisation not found');
}

export async function getClient(ctx: AppContext, auth: Auth, clientId: number): Promise<Client> {
  assertOwnClient(auth, clientId);
  const row = await findClient(ctx.db, clientId);
  if (!row) throw notFound('Organisation not found');
  return presentClient(row);
}

export async function updateClient(
  ctx: AppContext,
  auth: Auth,
  clientId: number,
  input: UpdateClientRequest,
): Promise<Client> {
  assertOwnClient(auth, clientId);
  if (!canEditOrganisation(auth)) throw forbidden('Only admins may change the organisation');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findClientForUpdate(trx, clientId);
    if (!current) throw notFound('Organisation not found');
    const before = readClientSettings(current.settings);
    const settings = input.settings ? mergeClientSettings(before, input.settings) : before;
    // A custom PDF report must show something (settings → PDF reports).
    if (!hasAnyPdfPart(settings.pdf_defaults)) {
      throw fieldError('settings.pdf_defaults', 'required', 'At least 1 checkbox has to be selected');
    }
    return saveClientChange(
      trx,
      { clientId, userId: auth.userId },
      { ...(input.name ? { name: input.name } : {}), settings: JSON.stringify(settings) },
      input,
    );
  });
  return presentClient(row);
}
