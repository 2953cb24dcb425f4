import type { MyOrganisations } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';

/**
 * GET user/me/clients (issue 21): the organisations the caller belongs to (user_clients), the one
 * they work in now first, then by name; POST user/switch_client moves them to another.
 */
export async function listMyOrganisations(ctx: AppContext, auth: Auth): Promise<MyOrganisations> {
  const rows = await ctx.db
    .selectFrom('user_clients as uc')
    .innerJoin('clients as c', 'c.id', 'uc.client_id')
    .select(['c.id', 'c.name', 'c.logo', 'uc.role'])
    .where('uc.user_id', '=', auth.userId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo: fileUrl(r.logo),
    role: r.role,
    current: r.id === auth.clientId,
  }));
  return { data: [...data.filter((d) => d.current), ...data.filter((d) => !d.current)] };
}
