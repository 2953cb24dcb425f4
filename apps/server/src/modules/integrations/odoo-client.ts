/**
 * Odoo's external API over JSON-RPC (POST {url}/jsonrpc): service 'common' login answers the
 * user's id; service 'object' execute_kw creates and writes records with the API key as password.
 */
export type OdooSettings = { url: string; database: string; username: string; apiKey: string };

const TIMEOUT_MS = 15_000;

export class OdooError extends Error {
  constructor(
    message: string,
    /** Odoo said the record is gone (deleted there): a sync creates a new one. */
    readonly missingRecord = false,
  ) {
    super(message);
    this.name = 'OdooError';
  }
}

let nextId = 1;

async function rpc(url: string, service: string, method: string, args: unknown[]): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${url.replace(/\/$/, '')}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'call',
        params: { service, method, args },
        id: nextId++,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : (err as Error).message;
    throw new OdooError(`Odoo did not answer: ${why}`);
  }
  if (!response.ok) throw new OdooError(`Odoo answered HTTP ${response.status}`);
  let body: { result?: unknown; error?: { message?: string; data?: { message?: string; name?: string } } };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new OdooError('Odoo answered something other than JSON');
  }
  if (body.error) {
    const message = body.error.data?.message || body.error.message || 'Odoo error';
    const missing =
      body.error.data?.name === 'odoo.exceptions.MissingError' ||
      /does not exist or has been deleted/i.test(message);
    throw new OdooError(message.slice(0, 500), missing);
  }
  return body.result;
}

/** The user id of a working login, or an OdooError. */
export async function odooLogin(settings: OdooSettings): Promise<number> {
  const uid = await rpc(settings.url, 'common', 'login', [
    settings.database,
    settings.username,
    settings.apiKey,
  ]);
  if (typeof uid !== 'number' || uid <= 0)
    throw new OdooError('Odoo refused the login (database, user or API key)');
  return uid;
}

export async function odooCreate(
  settings: OdooSettings,
  uid: number,
  model: string,
  values: Record<string, unknown>,
): Promise<number> {
  const id = await rpc(settings.url, 'object', 'execute_kw', [
    settings.database,
    uid,
    settings.apiKey,
    model,
    'create',
    [values],
  ]);
  const created = Array.isArray(id) ? id[0] : id;
  if (typeof created !== 'number') throw new OdooError('Odoo did not answer the new record’s id');
  return created;
}

export async function odooWrite(
  settings: OdooSettings,
  uid: number,
  model: string,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  const ok = await rpc(settings.url, 'object', 'execute_kw', [
    settings.database,
    uid,
    settings.apiKey,
    model,
    'write',
    [[id], values],
  ]);
  if (ok !== true) throw new OdooError('Odoo did not confirm the change');
}
