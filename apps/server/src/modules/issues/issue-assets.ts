import { ASSET_STATUS } from '@workbench/domain';
import { sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { workspaceSubtreeSql } from '../access/workspace-access.js';
import { assetGroupVisibleSql, assetScope, assetVisibleSql } from '../assets/asset-visibility.js';
import type { Db } from './issue-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** An asset or asset group an issue names, as the checks read it. */
type AssetRef = {
  kind: 'asset' | 'group';
  id: number;
  status: number;
  deleted: boolean;
  /** The caller sees it (asset-visibility.ts). */
  visible: boolean;
  /** Its workspace is the issue's workspace or lies below it. */
  fits: boolean;
};

/**
 * The asset and the group an issue names, read in one statement: of the issue's organisation
 * only (another organisation's ids are not found), with whether the caller sees each and whether
 * it belongs to the workspace or its subtree.
 */
async function findAssetRefs(
  db: Db,
  auth: Caller,
  target: { clientId: number; workspaceId: number },
  ids: { assetId: number | null; groupId: number | null },
): Promise<{ asset?: AssetRef; group?: AssetRef }> {
  if (ids.assetId === null && ids.groupId === null) return {};
  const scope = await assetScope(db, auth);
  const subtree = sql`SELECT s.workspace_id FROM ${workspaceSubtreeSql(sql`${target.workspaceId}`)} AS s`;
  const { rows } = await sql<AssetRef>`
    SELECT 'asset' AS kind, a.id, a.status, (a.deleted_at IS NOT NULL) AS deleted,
        ${assetVisibleSql(scope, 'a')} AS visible, (a.workspace_id IN (${subtree})) AS fits
      FROM assets a WHERE a.id = ${ids.assetId ?? 0} AND a.client_id = ${target.clientId}
    UNION ALL
    SELECT 'group' AS kind, g.id, g.status, (g.deleted_at IS NOT NULL) AS deleted,
        ${assetGroupVisibleSql(scope, 'g')} AS visible, (g.workspace_id IN (${subtree})) AS fits
      FROM asset_groups g WHERE g.id = ${ids.groupId ?? 0} AND g.client_id = ${target.clientId}`.execute(db);
  return {
    asset: rows.find((r) => r.kind === 'asset'),
    group: rows.find((r) => r.kind === 'group'),
  };
}

/**
 * The asset and asset group of an issue (000 §3 asset_id, asset_group_id): real rows of the
 * issue's organisation the caller sees, not deleted (else 422 not_found), of the issue's
 * workspace or a workspace below it (else 422 not_same_workspace); an archived asset cannot be
 * newly chosen (422 asset_archived). A reference kept from before (`chosen` false) is only
 * checked against the workspace, so moving an issue whose asset no longer fits is refused until
 * the asset is cleared or changed.
 */
export async function checkIssueAssetRefs(
  db: Db,
  auth: Caller,
  target: { clientId: number; workspaceId: number },
  refs: {
    assetId: number | null;
    groupId: number | null;
    assetChosen: boolean;
    groupChosen: boolean;
  },
): Promise<void> {
  const found = await findAssetRefs(db, auth, target, refs);
  const judge = (field: string, id: number | null, ref: AssetRef | undefined, chosen: boolean) => {
    if (id === null) return;
    if (chosen && (!ref || ref.deleted || !ref.visible)) {
      throw fieldError(
        field,
        'not_found',
        field === 'asset_id' ? 'Asset not found' : 'Asset group not found',
      );
    }
    // A kept reference to a row since deleted says nothing about the workspace.
    if (!ref || ref.deleted) return;
    if (!ref.fits) {
      throw fieldError(field, 'not_same_workspace', 'Only items of the same workspace can be chosen');
    }
    if (chosen && ref.kind === 'asset' && ref.status === ASSET_STATUS.ARCHIVED) {
      throw fieldError(field, 'asset_archived', 'This asset is archived');
    }
  };
  judge('asset_id', refs.assetId, found.asset, refs.assetChosen);
  judge('asset_group_id', refs.groupId, found.group, refs.groupChosen);
}

/**
 * The references a copy of an issue keeps (duplicates): each only when the caller could choose
 * it for the target workspace now (checkIssueAssetRefs' rule); otherwise the copy goes without.
 */
export async function keptAssetRefs(
  db: Db,
  auth: Caller,
  target: { clientId: number; workspaceId: number },
  ids: { assetId: number | null; groupId: number | null },
): Promise<{ assetId: number | null; groupId: number | null }> {
  const found = await findAssetRefs(db, auth, target, ids);
  const usable = (ref: AssetRef | undefined) =>
    !!ref &&
    !ref.deleted &&
    ref.visible &&
    ref.fits &&
    !(ref.kind === 'asset' && ref.status === ASSET_STATUS.ARCHIVED);
  return {
    assetId: usable(found.asset) ? ids.assetId : null,
    groupId: usable(found.group) ? ids.groupId : null,
  };
}

/**
 * Sub-issues move with their parent (issue-service): an asset or group of a sub-issue that does
 * not lie in the new workspace or below it is cleared (the parent's own are checked before the
 * move and refuse it instead, since its form can clear them; a sub-issue's cannot be cleared from
 * there). Answers what was cleared on which sub-issue, for their activity logs.
 */
export async function clearUnfittingSubIssueAssets(
  db: Db,
  target: { clientId: number; workspaceId: number; parentId: number },
): Promise<Array<{ id: number; asset_id: number | null; asset_group_id: number | null }>> {
  const subtree = sql`SELECT s.workspace_id FROM ${workspaceSubtreeSql(sql`${target.workspaceId}`)} AS s`;
  const { rows } = await sql<{ id: number; asset_id: number | null; asset_group_id: number | null }>`
    WITH cleared AS (
      SELECT i.id,
          CASE WHEN a.workspace_id NOT IN (${subtree}) THEN i.asset_id END AS asset_id,
          CASE WHEN g.workspace_id NOT IN (${subtree}) THEN i.asset_group_id END AS asset_group_id
        FROM issues i
          LEFT JOIN assets a ON a.id = i.asset_id
          LEFT JOIN asset_groups g ON g.id = i.asset_group_id
        WHERE i.client_id = ${target.clientId} AND i.parent_id = ${target.parentId}
          AND (a.workspace_id NOT IN (${subtree}) OR g.workspace_id NOT IN (${subtree}))
    )
    UPDATE issues i SET
        asset_id = CASE WHEN c.asset_id IS NULL THEN i.asset_id END,
        asset_group_id = CASE WHEN c.asset_group_id IS NULL THEN i.asset_group_id END
      FROM cleared c WHERE i.id = c.id
      RETURNING c.id, c.asset_id, c.asset_group_id`.execute(db);
  return rows;
}
