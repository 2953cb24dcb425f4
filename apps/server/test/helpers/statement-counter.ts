import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The recursive grants query (accessibleWorkspacesSql), by the CTE that names its grants. */
const GRANTS_QUERY = /grants \(workspace_id, role, rank, collaboration_id, access_type\) AS/;

export type StatementCount = {
  /** Statements the server ran (BEGIN and COMMIT are the driver's, not counted). */
  statements: number;
  /** How many of them walked the caller's grants (accessibleWorkspacesSql). */
  grantQueries: number;
  /** Their SQL, in the order they finished, to see what a count is made of. */
  sql: string[];
};

/**
 * A Kysely plugin on the server's database handle that records every statement that finishes
 * while a count is running; the SQL is compiled from the query's tree only while counting.
 */
export class StatementCounter implements KyselyPlugin {
  readonly #compiler = new PostgresQueryCompiler();
  readonly #nodes = new WeakMap<object, RootOperationNode>();
  #sql: string[] | undefined;

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#sql) this.#nodes.set(queryId, node);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.#nodes.get(queryId);
    if (this.#sql && node) this.#sql.push(this.#compiler.compileQuery(node, queryId).sql);
    return result;
  }

  /** Runs `work` (one request) and counts the statements that finished meanwhile. */
  async count<T>(work: () => Promise<T>): Promise<StatementCount & { result: T }> {
    if (this.#sql) throw new Error('one count at a time');
    const sql: string[] = [];
    this.#sql = sql;
    try {
      const result = await work();
      return {
        result,
        statements: sql.length,
        grantQueries: sql.filter((text) => GRANTS_QUERY.test(text)).length,
        sql,
      };
    } finally {
      this.#sql = undefined;
    }
  }
}
