import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A small local Odoo for tests (issue 22), speaking its external API over JSON-RPC (POST
 * /jsonrpc): service 'common' login and service 'object' execute_kw create and write, with
 * records kept in memory per model. Logins need the configured database, user and API key.
 */
export type FakeOdooRecord = { id: number; model: string; values: Record<string, unknown> };

export type FakeOdooServer = {
  url: string;
  database: string;
  username: string;
  apiKey: string;
  records: FakeOdooRecord[];
  calls: Array<{ service: string; method: string; args: unknown[] }>;
  /** Makes create and write answer an Odoo error (e.g. a missing required field). */
  failWrites: string | null;
  close: () => Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const UID = 7;

export async function startFakeOdooServer(
  login: { database?: string; username?: string; apiKey?: string } = {},
): Promise<FakeOdooServer> {
  const state: FakeOdooServer = {
    url: '',
    database: login.database ?? 'odoo_test',
    username: login.username ?? 'bot@example.test',
    apiKey: login.apiKey ?? 'a3f1c0ffee5ecret0000000000000000000000ab',
    records: [],
    calls: [],
    failWrites: null,
    close: async () => {},
  };
  let nextId = 100;
  const server: Server = createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || req.url !== '/jsonrpc') {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    const rpc = JSON.parse(await readBody(req)) as {
      id: number;
      params: { service: string; method: string; args: unknown[] };
    };
    const { service, method, args } = rpc.params;
    state.calls.push({ service, method, args });
    const answer = (result: unknown) => res.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
    const fail = (message: string, name = 'odoo.exceptions.UserError') =>
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: rpc.id,
          error: { code: 200, message: 'Odoo Server Error', data: { name, message } },
        }),
      );
    if (service === 'common' && method === 'login') {
      const [db, user, key] = args;
      return answer(db === state.database && user === state.username && key === state.apiKey ? UID : false);
    }
    if (service === 'object' && method === 'execute_kw') {
      const [db, uid, key, model, op, opArgs] = args as [string, number, string, string, string, unknown[]];
      if (db !== state.database || uid !== UID || key !== state.apiKey)
        return fail('Access Denied', 'odoo.exceptions.AccessDenied');
      if (state.failWrites) return fail(state.failWrites, 'odoo.exceptions.ValidationError');
      if (op === 'create') {
        const values = opArgs[0] as Record<string, unknown>;
        if (!values.name) return fail('Missing required field name', 'odoo.exceptions.ValidationError');
        const record = { id: nextId++, model, values };
        state.records.push(record);
        return answer(record.id);
      }
      if (op === 'write') {
        const [ids, values] = opArgs as [number[], Record<string, unknown>];
        const found = state.records.filter((r) => r.model === model && ids.includes(r.id));
        if (found.length !== ids.length)
          return fail(`Record does not exist or has been deleted.`, 'odoo.exceptions.MissingError');
        for (const r of found) Object.assign(r.values, values);
        return answer(true);
      }
      return fail(`Unknown method ${op}`);
    }
    return fail(`Unknown service ${service}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  state.url = `http://127.0.0.1:${address.port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
