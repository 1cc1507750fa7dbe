import http from 'node:http';

/** What a client learned from one request: a whole answer, or nothing it can rely on. */
export type Reply =
  { answered: true; status: number; body: unknown; setCookie: string[] } | { answered: false; error: string };

export interface RequestOptions {
  cookie?: string;
  json?: unknown;
  body?: { bytes: Buffer; contentType: string };
  key?: string;
  timeoutMs?: number;
}

/** A multipart body serialized once, so that a retry sends exactly the same bytes. */
export async function multipart(
  fields: Record<string, string | { bytes: Buffer; type: string; name: string }>,
): Promise<{ bytes: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type }), v.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export const cookieOf = (setCookie: string[]) =>
  setCookie
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/**
 * HTTP over node:http with one keep-alive pool per server life: after a kill the pool is dropped,
 * so no request of the next life goes out on a socket of the dead process.
 */
export class HttpClient {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  constructor(readonly base: string) {}

  resetConnections(): void {
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  }

  close(): void {
    this.agent.destroy();
  }

  request(method: string, path: string, opts: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    let payload: Buffer | undefined;
    if (opts.json !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.json));
      headers['content-type'] = 'application/json';
    } else if (opts.body) {
      payload = opts.body.bytes;
      headers['content-type'] = opts.body.contentType;
    }
    if (payload) headers['content-length'] = String(payload.length);
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.key) headers['idempotency-key'] = opts.key;
    const url = new URL(path, this.base);
    return new Promise<Reply>((resolve) => {
      let settled = false;
      const done = (r: Reply) => {
        if (!settled) {
          settled = true;
          resolve(r);
        }
      };
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => done({ answered: false, error: err.message }));
        res.on('aborted', () => done({ answered: false, error: 'response aborted' }));
        res.on('end', () => {
          // A body cut short by the kill is no answer.
          if (!res.complete) return done({ answered: false, error: 'incomplete response' });
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          if ((res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(text);
            } catch {
              return done({ answered: false, error: 'truncated JSON' });
            }
          }
          const setCookie = res.headers['set-cookie'] ?? [];
          done({ answered: true, status: res.statusCode ?? 0, body, setCookie });
        });
      });
      req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err) => done({ answered: false, error: (err as NodeJS.ErrnoException).code ?? err.message }));
      req.end(payload);
    });
  }
}
