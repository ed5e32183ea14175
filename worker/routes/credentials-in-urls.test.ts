// Issue 28 L1: credentials in URLs. Workers Logs would record every URL, so they are off (wrangler.toml)
// and the Worker writes its own request line with each credential's value replaced. Google Reader
// ClientLogin still takes Email and Passwd from the URL, because reader apps have sent them there
// (Capy Reader before August 2025, FeedMe before 4.10; FreshRSS and Miniflux accept them); Fever's
// api_key is read from the POST body only, as Fever's documentation and every client found send it.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { md5Hex } from '../lib/crypto';
import { call } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';

const production = { ...env, ENVIRONMENT: 'production' } as Env;

/** Every line the Worker writes to the console while `run` runs. */
async function linesLoggedDuring(run: () => Promise<unknown>) {
  const lines: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
  await run();
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('credentials in URLs', () => {
  it('Workers Logs keep no URL: invocation logs are off', () => {
    const section = /\[observability\.logs\]([^[]*)/.exec(wranglerToml)?.[1] ?? '';
    expect(section).toMatch(/^invocation_logs\s*=\s*false\s*$/m);
  });

  it('ClientLogin takes Email and Passwd from the URL, and no log line holds either', async () => {
    const person = await personWithAppPassword('Capy Reader', 'News');
    const query = new URLSearchParams({ Email: person.email, Passwd: person.appPassword });
    let status = 0;
    const lines = await linesLoggedDuring(async () => {
      const response = await call(`/api/greader/accounts/ClientLogin?${query}`, {
        method: 'POST',
        headers: { origin: '' },
        env: production,
      });
      status = response.status;
    });
    expect(status).toBe(200);
    const requestLine = lines.find((line) => line.includes('"event":"request"'));
    expect(requestLine).toContain('"path":"/api/greader/accounts/ClientLogin"');
    expect(requestLine).toContain('Email=[redacted]&Passwd=[redacted]');
    for (const line of lines) {
      expect(line).not.toContain(person.appPassword);
      expect(line).not.toContain(person.email);
      expect(line).not.toContain(encodeURIComponent(person.email));
    }
  });

  it('a sign-in link’s token is redacted from the request line too', async () => {
    const token = 'A'.repeat(43);
    const lines = await linesLoggedDuring(() => call(`/api/auth/verify?token=${token}`, { env: production }));
    expect(lines.some((line) => line.includes('"query":"token=[redacted]"'))).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('logs every sign-in and failure, and one plain success in 20, marked as standing for the others', async () => {
    const person = await personWithAppPassword('Reeder', 'News');
    const auth = await call('/api/greader/accounts/ClientLogin', {
      method: 'POST',
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: person.email, Passwd: person.appPassword }).toString(),
      env: production,
    });
    const token = (await auth.text()).match(/^Auth=(.+)$/m)?.[1];
    const headers = { authorization: `GoogleLogin auth=${token}` };
    const requestLines = async (path: string, chance: number) => {
      vi.spyOn(Math, 'random').mockReturnValue(chance);
      const lines = await linesLoggedDuring(() => call(path, { headers, env: production }));
      vi.restoreAllMocks();
      return lines.filter((line) => line.includes('"event":"request"'));
    };
    // A plain success: its line only when the draw falls within one in 20, and then it says so.
    expect(await requestLines('/api/greader/reader/api/0/subscription/list?output=json', 0.5)).toEqual([]);
    const [sampled] = await requestLines('/api/greader/reader/api/0/subscription/list?output=json', 0.01);
    expect(sampled).toContain('"status":200');
    expect(sampled).toContain('"sampled":20');
    // A failure and a sign-in: always, and not marked as a sample.
    const [failed] = await requestLines('/api/greader/reader/api/0/no-such-call', 0.5);
    expect(failed).toContain('"status":404');
    expect(failed).not.toContain('sampled');
    const [signIn] = await linesLoggedDuring(() =>
      call(`/api/greader/accounts/ClientLogin?${new URLSearchParams({ Email: person.email, Passwd: 'wrong' })}`, {
        method: 'POST',
        headers: { origin: '' },
        env: production,
      }),
    ).then((lines) => lines.filter((line) => line.includes('"event":"request"')));
    expect(signIn).toContain('"status":401');
  });

  it('Fever refuses an api_key in the URL, and takes it from the POST body', async () => {
    const person = await personWithAppPassword('Unread', 'News');
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    const fever = (path: string, body?: string) =>
      call(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }).then(async (response) => ((await response.json()) as { auth: number }).auth);
    expect(await fever(`/api/fever/?api&api_key=${apiKey}`)).toBe(0);
    expect(await fever(`/api/fever/?api&api_key=${apiKey}`, '')).toBe(0);
    expect(await fever('/api/fever/?api', `api_key=${apiKey}`)).toBe(1);
  });
});
