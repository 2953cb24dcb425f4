import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { personWithImageOf } from '../users/user-presenter.js';

/** An activity entry with who made it (assets, schedules: their activity_log tabs). */
export type ActivityRow = {
  id: number;
  action: string;
  changes: unknown;
  created_at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image: string | null;
};

/** A page of one entity's activity log, newest first, and the total (two statements). */
export async function findActivityPage(
  db: Kysely<Database> | Transaction<Database>,
  entity: { clientId: number; type: string; id: number },
  paging: { page: number; paginate_by: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const base = db
    .selectFrom('activity_log as l')
    .where('l.client_id', '=', entity.clientId)
    .where('l.entity_type', '=', entity.type)
    .where('l.entity_id', '=', entity.id);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'l.user_id').on('u.deleted_at', 'is', null))
      .select([
        'l.id',
        'l.action',
        'l.changes',
        'l.created_at',
        'l.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.profile_image',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(paging.paginate_by)
      .offset((paging.page - 1) * paging.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One entry as the activity tabs show it. */
export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    action: row.action,
    changes: (row.changes && typeof row.changes === 'object' ? row.changes : {}) as Record<string, unknown>,
    user: personWithImageOf({ ...row, id: row.user_id }),
    created_at: new Date(row.created_at).toISOString(),
  };
}
