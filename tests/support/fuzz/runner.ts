import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { Body, CookieSpec, FileData, FuzzRequest, Part } from './requests';
import { resolveIp } from './requests';
import type { PersonaName, World } from './world';

const SESSION_COOKIE = 'atlas.session_token';
const ANSWER_WITHIN_MS = 15_000;
const SIX_MIB = Buffer.alloc(6 * 1024 * 1024);

function fileBytes(w: World, data: FileData): Buffer {
  if (typeof data === 'object') return Buffer.from(data.bytes);
  switch (data) {
    case 'png':
      return w.png;
    case 'png-truncated':
      return w.png.subarray(0, Math.floor(w.png.length / 2));
    case 'png-header-only':
      return w.png.subarray(0, 16);
    case 'pdf':
      return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    case 'svg':
      return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    case 'html':
      return Buffer.from('<!doctype html><p>hi</p>');
    case 'empty':
      return Buffer.alloc(0);
    case 'zeros-6MiB':
      return SIX_MIB;
  }
}

function multipart(
  w: World,
  parts: Part[],
  boundary: 'good' | 'missing' | 'wrong',
  truncate: boolean,
): { payload: Buffer; contentType: string } {
  const b = '----atlasfuzz7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\n${part.file.type ? `Content-Type: ${part.file.type}\r\n` : ''}\r\n`,
        ),
      );
      chunks.push(fileBytes(w, part.file.data), Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`),
        Buffer.from(part.value ?? '', 'utf8'),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${b}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (truncate) payload = payload.subarray(0, Math.floor((payload.length * 2) / 3));
  const contentType =
    boundary === 'good'
      ? `multipart/form-data; boundary=${b}`
      : boundary === 'wrong'
        ? 'multipart/form-data; boundary=not-the-one'
        : 'multipart/form-data';
  return { payload, contentType };
}

function materialize(w: World, body: Body | undefined): { payload?: string | Buffer; contentType?: string } {
  if (!body) return {};
  if (body.kind === 'json') {
    const text = JSON.stringify(body.value);
    return text === undefined ? {} : { payload: text, contentType: 'application/json' };
  }
  if (body.kind === 'raw') return { payload: body.text, contentType: 'application/json' };
  return multipart(w, body.parts, body.boundary, body.truncate);
}

function cookieOf(w: World, who: FuzzRequest['who'], spec: CookieSpec): string | undefined {
  const own = who === 'anonymous' ? undefined : w.personas[who].cookie;
  switch (spec.kind) {
    case 'session':
      return own;
    case 'session+junk':
      return own ? `${own}; ${spec.junk}` : spec.junk;
    case 'tampered': {
      // Someone else's (or one's own) session cookie with one character changed.
      const base = own ?? w.personas.user.cookie;
      const start = base.indexOf('=') + 1;
      const at = start + (spec.at % Math.max(1, base.length - start));
      const c = base[at] === 'A' ? 'B' : 'A';
      return base.slice(0, at) + c + base.slice(at + 1);
    }
    case 'raw':
      return spec.value;
  }
}

/** What to print when a request misbehaves: the request as sent, the answer as received. */
export function describe(req: FuzzRequest, res: { statusCode: number; body: string } | undefined, why: string): string {
  const short = (v: unknown) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s && s.length > 600 ? `${s.slice(0, 600)}… (${s.length} chars)` : s;
  };
  return [
    why,
    `  ${req.method} ${short(req.url)} as ${req.who} (cookie ${req.cookie.kind}, ip ${req.ip})`,
    `  headers ${short(req.headers)}${req.contentType ? ` content-type ${req.contentType}` : ''}`,
    `  body ${req.body ? short(req.body.kind === 'multipart' ? { ...req.body, parts: req.body.parts.map((p) => ({ ...p, file: p.file && { ...p.file, data: typeof p.file.data === 'object' ? `${p.file.data.bytes.length} bytes` : p.file.data } })) } : req.body) : '(none)'}`,
    res ? `  → ${res.statusCode} ${short(res.body)}` : '  → no answer',
  ].join('\n');
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<number, number>;
  /** Requests sent with a persona's real session to a documented route. */
  withSession: number;
  /** …of which were refused as unauthenticated (a sign that sessions were lost). */
  withSessionRefused401: number;
  relogins: number;
  /** Refusals on our API without the `{ error: { code } }` shape, one example per kind. */
  shapeless: Record<string, string>;
  /** Milliseconds spent per route (path without ids and query), to keep the run fast. */
  msByRoute: Record<string, number>;
  /** 5xx answers that match a known bug (see `knownServerErrors`), by bug. */
  known: Record<string, number>;
}

/**
 * Server errors already reported, each with the explicit test that fails until it is fixed. The
 * fuzzer counts them instead of stopping at them, so that it keeps looking for new ones.
 */
export const knownServerErrors: Array<{ bug: string; matches: (req: FuzzRequest) => boolean }> = [];

/** Sends fuzzed requests through app.inject and judges the answers. */
export class Fuzzer {
  readonly stats: FuzzStats = {
    requests: 0,
    byStatus: {},
    withSession: 0,
    withSessionRefused401: 0,
    relogins: 0,
    shapeless: {},
    msByRoute: {},
    known: {},
  };
  private readonly stale = new Set<PersonaName>();
  readonly profile: Record<string, number> = {};

  constructor(private readonly w: World) {}

  async send(req: FuzzRequest): Promise<InjectResponse> {
    await this.refreshSessions();
    const { payload, contentType } = materialize(this.w, req.body);
    const headers: Record<string, string> = { ...req.headers };
    const cookie = cookieOf(this.w, req.who, req.cookie);
    if (cookie) headers.cookie = cookie;
    const type = req.contentType ?? contentType;
    if (type !== undefined) headers['content-type'] = type;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(describe(req, undefined, `no answer within ${ANSWER_WITHIN_MS} ms`))),
        ANSWER_WITHIN_MS,
      );
    });
    const t0 = performance.now();
    try {
      const res = await Promise.race([
        this.w.t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers,
          payload,
          remoteAddress: resolveIp(req.ip),
        }),
        timeout,
      ]);
      this.count(req, res);
      const route = `${req.method} ${req.url.split('?')[0]!.slice(0, 40)}`;
      this.stats.msByRoute[route] = (this.stats.msByRoute[route] ?? 0) + performance.now() - t0;
      if (process.env.FUZZ_PROFILE) {
        const k = `${res.statusCode} ${route} ${req.contentType ?? ''} ${req.body?.kind ?? ''}`;
        this.profile[k] = (this.profile[k] ?? 0) + 1;
      }
      return res;
    } finally {
      clearTimeout(timer);
    }
  }

  private count(req: FuzzRequest, res: InjectResponse): void {
    this.stats.requests += 1;
    this.stats.byStatus[res.statusCode] = (this.stats.byStatus[res.statusCode] ?? 0) + 1;
    if (req.who === 'anonymous' || req.cookie.kind !== 'session') return;
    if (!req.url.startsWith('/api/auth/')) {
      this.stats.withSession += 1;
      if (res.statusCode === 401) this.stats.withSessionRefused401 += 1;
    }
    // A fuzzed sign-out, revocation or password change ended the persona's session: sign in again.
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cleared = setCookie.some(
      (c) => c.startsWith(`${SESSION_COOKIE}=;`) || (c.startsWith(`${SESSION_COOKIE}=`) && /max-age=0/i.test(c)),
    );
    if (cleared || res.statusCode === 401) this.stale.add(req.who);
    else if (
      /revoke|sign-out|logout|ban-user|set-user-password|remove-user|set-role/.test(req.url) &&
      res.statusCode < 300
    )
      this.stale.add(req.who);
    // An operator signed a persona out everywhere (or out of one session): that persona signs in again.
    if (req.method === 'DELETE' && /^\/api\/admin\/users\/[^/]+\/sessions/.test(req.url) && res.statusCode < 300) {
      for (const name of ['user', 'other', 'admin'] as const)
        if (req.url.includes(this.w.personas[name].id)) this.stale.add(name);
    }
  }

  private async refreshSessions(): Promise<void> {
    for (const name of this.stale) {
      this.stale.delete(name);
      if (await this.w.ensureSignedIn(name)) this.stats.relogins += 1;
    }
  }

  /** Throws (with the request) on a server error; notes refusals that lack our error shape. */
  check(req: FuzzRequest, res: InjectResponse): void {
    if (res.statusCode >= 500) {
      const known = knownServerErrors.find((k) => k.matches(req));
      if (!known) throw new Error(describe(req, res, `server error ${res.statusCode}`));
      this.stats.known[known.bug] = (this.stats.known[known.bug] ?? 0) + 1;
    }
    const path = req.url.split('?')[0]!;
    const ours =
      path.startsWith('/api/') &&
      !path.startsWith('/api/auth/') &&
      !path.startsWith('/api/docs') &&
      req.method !== 'HEAD';
    if (ours && res.statusCode >= 400) {
      let code: unknown;
      try {
        code = (JSON.parse(res.body) as { error?: { code?: unknown } }).error?.code;
      } catch {
        code = undefined;
      }
      if (typeof code !== 'string') {
        const kind = `${res.statusCode} ${/"code":"(\w+)"/.exec(res.body)?.[1] ?? res.headers['content-type']}`;
        this.stats.shapeless[kind] ??= describe(req, res, 'a refusal without the { error: { code } } shape');
      }
    }
  }
}
