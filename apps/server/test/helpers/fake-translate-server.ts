import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A small local translation API for tests (issue 22), speaking LibreTranslate's POST /translate
 * and DeepL's POST /v2/translate. It "translates" by prefixing the target language ("[de] Leak"),
 * records every request, and can be told to fail or to be slow.
 */
export type FakeTranslateServer = {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the JSON bodies freely
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: any }>;
  /** The next answers: 'ok', an HTTP status to fail with, or 'hang' (never answers in time). */
  mode: 'ok' | 'hang' | number;
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

export async function startFakeTranslateServer(): Promise<FakeTranslateServer> {
  const state: FakeTranslateServer = { url: '', requests: [], mode: 'ok', close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    // biome-ignore lint/suspicious/noExplicitAny: any JSON a client sends
    let body: any = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    state.requests.push({ path: req.url ?? '', headers: req.headers, body });
    if (state.mode === 'hang') return; // the client's timeout ends it
    if (typeof state.mode === 'number') {
      res.writeHead(state.mode, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'fake failure' }));
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/translate') {
      if (body?.source !== 'auto' || body?.format !== 'text' || typeof body?.target !== 'string') {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: 'bad request' }));
        return;
      }
      const one = (q: string) => `[${body.target}] ${q}`;
      res.end(JSON.stringify({ translatedText: Array.isArray(body.q) ? body.q.map(one) : one(body.q) }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v2/translate') {
      if (!String(req.headers.authorization ?? '').startsWith('DeepL-Auth-Key ')) {
        res.statusCode = 403;
        res.end(JSON.stringify({ message: 'Wrong key' }));
        return;
      }
      const target = String(body?.target_lang ?? '');
      res.end(
        JSON.stringify({
          translations: (body?.text ?? []).map((t: string) => ({
            detected_source_language: 'EN',
            text: `[${target}] ${t}`,
          })),
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
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
