// safeFetch: the one door through which the Worker fetches a URL that a person or a feed gave us (feeds,
// discovery, full articles, favicons, images, WordPress sites). It refuses what must not be fetched
// (other schemes, credentials in the URL, private and internal hosts: private-addresses.ts), checks every
// redirect hop again, and caps time and size. It returns bytes; decoding text, parsing feeds and deciding
// what a 404 or 500 means are the caller's job, and so are conditional-request headers (pass `headers`).

import { isPrivateHost } from './private-addresses';

export const USER_AGENT = 'Feedloom/1.0 (+https://github.com/feedloom; RSS reader)';

const DEFAULT_TIMEOUT_MS = 15_000;
/** A web page or a feed; more is rare, and every byte read is held in the isolate's 128 MB (docs/security.md). */
const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export type SafeFetchReason =
  | 'invalid-url'
  | 'unsupported-scheme'
  | 'credentials'
  | 'private-address'
  | 'port'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'network';

/** Refused by policy before anything was sent, as opposed to a fetch that was tried and failed. */
const REFUSALS: ReadonlySet<SafeFetchReason> = new Set([
  'invalid-url',
  'unsupported-scheme',
  'credentials',
  'private-address',
  'port',
]);

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }

  /** True when the URL itself is unacceptable (the person should fix it), false when the server failed. */
  get refused(): boolean {
    return REFUSALS.has(this.reason);
  }
}

export type SafeFetchOptions = {
  /** The FETCH_ALLOW_HOSTS value: comma-separated host:port pairs exempt from the private-address rule. */
  allowHosts: string;
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  /** Overall limit across all redirects and the body, in milliseconds (default 15 s). */
  timeoutMs?: number;
  /** Limit on the decoded body, in bytes (default 4 MB). */
  maxBytes?: number;
  /** The Accept header (default any type). */
  accept?: string;
};

export type SafeFetchResponse = {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The media type without parameters, lower-case (`application/rss+xml`), or null when absent. */
  contentType: string | null;
  /** The charset parameter of Content-Type, lower-case, or null. */
  charset: string | null;
};

/** Parses `url` and throws a SafeFetchError with a message for people when it must not be fetched. */
export function assertFetchableUrl(url: string | URL, allowHosts: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SafeFetchError('invalid-url', 'This is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SafeFetchError('unsupported-scheme', 'Only http and https URLs can be fetched');
  }
  // Userinfo in a URL is deprecated (RFC 3986 §3.2.1) and a classic way to disguise the real host.
  if (parsed.username !== '' || parsed.password !== '') {
    throw new SafeFetchError('credentials', 'URLs with a user name or password cannot be fetched');
  }
  const allowed = isAllowedHost(parsed, allowHosts);
  if (!allowed && isPrivateHost(parsed.hostname)) {
    throw new SafeFetchError('private-address', 'This address points to a private network and cannot be fetched');
  }
  // Public web servers answer on 80 and 443. Other ports are where admin consoles, databases and mail
  // servers listen, and a public name may lead anywhere (issue 10 L13): only allow-listed hosts use them.
  if (!allowed && parsed.port !== '' && parsed.port !== '80' && parsed.port !== '443') {
    throw new SafeFetchError('port', 'Only addresses on the standard web ports (80 and 443) can be fetched');
  }
  return parsed;
}

/** For validating a URL someone typed, without fetching it. */
export function isPublicUrl(url: string, allowHosts: string): boolean {
  try {
    assertFetchableUrl(url, allowHosts);
    return true;
  } catch {
    return false;
  }
}

/** Exactly the listed host:port pairs; a pair without a port stands for the scheme's default port. */
export function isAllowedHost(url: URL, allowHosts: string): boolean {
  if (allowHosts.trim() === '') return false;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const target = `${url.hostname}:${port}`;
  return allowHosts.split(',').some((entry) => {
    const trimmed = entry.trim();
    if (trimmed === '') return false;
    try {
      const allowed = new URL(`${url.protocol}//${trimmed}`);
      return `${allowed.hostname}:${allowed.port || (url.protocol === 'https:' ? '443' : '80')}` === target;
    } catch {
      return false;
    }
  });
}

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let current = assertFetchableUrl(url, options.allowHosts);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body ?? null;
  const headers = new Headers(options.headers);
  if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT);
  if (options.accept !== undefined || !headers.has('accept')) headers.set('accept', options.accept ?? '*/*');
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One deadline for the whole exchange: a server that redirects slowly five times, or trickles its body,
  // gets no more time than one that is simply slow.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new SafeFetchError('timeout', `The server took longer than ${formatDuration(timeoutMs)} to answer`));
      controller.abort();
    }, timeoutMs);
  });
  expired.catch(() => {});

  try {
    for (let hop = 0; ; hop++) {
      const response = await Promise.race([
        send(current, { method, headers, body, signal: controller.signal }),
        expired,
      ]);
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || location === null) {
        const bytes = await readCapped(response, maxBytes, expired);
        return {
          url: current.href,
          status: response.status,
          headers: response.headers,
          body: bytes,
          ...parseContentType(response.headers.get('content-type')),
        };
      }
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) {
        throw new SafeFetchError('too-many-redirects', `Too many redirects (more than ${MAX_REDIRECTS})`);
      }
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new SafeFetchError('invalid-url', 'The server redirected to an invalid URL');
      }
      // Every hop is a new request to a new host: the same rules apply (a public URL may redirect inward).
      next = assertFetchableUrl(next, options.allowHosts);
      // 303 always, and 301/302 after a POST, continue as GET without a body (RFC 9110 §15.4; the Fetch
      // standard's "HTTP-redirect fetch"); 307 and 308 repeat the request as it was.
      if (
        (response.status === 303 && method !== 'HEAD') ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      // Credentials meant for one origin must not follow a redirect to another (Fetch, step 13 of
      // "HTTP-redirect fetch").
      if (next.origin !== current.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
        headers.delete('proxy-authorization');
      }
      current = next;
    }
  } finally {
    clearTimeout(timer);
  }
}

async function send(url: URL, init: { method: string; headers: Headers; body: BodyInit | null; signal: AbortSignal }) {
  try {
    return await fetch(url.href, { ...init, redirect: 'manual' });
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new SafeFetchError('network', `Could not connect to ${url.host}`, { cause: error });
  }
}

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/**
 * Reads the body as a stream and stops at `maxBytes`. The runtime has already undone Content-Encoding,
 * so the count is of decoded bytes: a small gzip that inflates to gigabytes stops at the cap.
 */
async function readCapped(response: Response, maxBytes: number, expired: Promise<never>): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array(0);
  const tooLarge = () => new SafeFetchError('too-large', `The response is larger than ${formatBytes(maxBytes)}`);
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.has('content-encoding') && declared > maxBytes) {
    await response.body.cancel();
    throw tooLarge();
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), expired]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Content-Type's media type and charset (RFC 9110 §8.3.1). */
function parseContentType(header: string | null): { contentType: string | null; charset: string | null } {
  if (header === null) return { contentType: null, charset: null };
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(param);
    if (match?.[1]) charset = match[1].toLowerCase();
  }
  const contentType = type.trim().toLowerCase();
  return { contentType: contentType === '' ? null : contentType, charset };
}

function formatDuration(ms: number): string {
  if (ms % 1000 === 0) return ms === 1000 ? '1 second' : `${ms / 1000} seconds`;
  return `${ms} milliseconds`;
}

function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${Number.isInteger(bytes / mb) ? bytes / mb : (bytes / mb).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Number.isInteger(bytes / 1024) ? bytes / 1024 : (bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
