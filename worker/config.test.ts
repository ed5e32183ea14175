// A deployment's variables are checked when the services are built (config.ts): a bad value stops
// every request, queue batch and cron run at once with the variable's name, never later inside a route,
// and never with a secret's value in the message.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';
import { call } from './test/helpers';

const saved = { ...env };
afterEach(() => Object.assign(env, saved));

const problemsOf = (changes: Partial<typeof env>) => {
  try {
    readConfig({ ...env, ...changes });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the configuration', () => {
  it('answers a request with 500 and the variable at fault when a value cannot work', async () => {
    env.EMAIL_TRANSPORT = 'sendgrid';
    const response = await call('/api/health');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: 'This server is misconfigured: EMAIL_TRANSPORT must be outbox, resend, cloudflare or empty.',
      code: 'INTERNAL',
    });

    Object.assign(env, saved);
    expect((await call('/api/health')).status).toBe(200);
  });

  it('names every bad variable, and none of their values', () => {
    const problems = problemsOf({
      APP_URL: 'feedloom.example',
      AI_BASE_URL: 'sk-secret-looking-value',
      FETCH_ALLOW_HOSTS: '127.0.0.1:8787, http://localhost/',
      ENVIRONMENT: 'staging',
    });
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'AI_BASE_URL',
      'APP_URL',
      'ENVIRONMENT',
      'FETCH_ALLOW_HOSTS',
    ]);
    expect(problems.join(' ')).not.toMatch(/sk-secret|feedloom\.example|staging/);
  });

  it('parses the environment once per isolate: the same configuration again, a new one once a value changes', () => {
    const first = readConfig(env);
    expect(readConfig(env)).toBe(first);
    env.AI_BASE_URL = 'http://127.0.0.1:9/v1';
    env.OPENROUTER_API_KEY = 'sk-changed';
    const changed = readConfig(env);
    expect(changed).not.toBe(first);
    expect(changed.ai).toEqual({ apiKey: 'sk-changed', baseUrl: 'http://127.0.0.1:9/v1', appUrl: env.APP_URL });
    expect(readConfig(env)).toBe(changed);
    // Keys the suite does not set are not in `saved`, so afterEach would leave them.
    env.AI_BASE_URL = saved.AI_BASE_URL;
    env.OPENROUTER_API_KEY = saved.OPENROUTER_API_KEY;
  });

  it('reads blank keys as not configured, and picks the services from what is set', () => {
    expect(problemsOf({ FETCH_ALLOW_HOSTS: '127.0.0.1:8787,localhost, [::1]:9000' })).toEqual([]);
    const offline = readConfig({ ...env, OPENROUTER_API_KEY: '  ', REPLICATE_API_TOKEN: '', STRIPE_SECRET_KEY: ' ' });
    expect(offline.ai).toBeNull();
    expect(offline.replicate).toBeNull();
    expect(offline.stripe.secretKey).toBeUndefined();
    const online = readConfig({ ...env, OPENROUTER_API_KEY: ' sk-1 ', AI_BASE_URL: '' });
    expect(online.ai).toEqual({ apiKey: 'sk-1', baseUrl: 'https://openrouter.ai/api/v1', appUrl: env.APP_URL });
  });

  it('reads the cooldown of Refresh Feeds from REFRESH_COOLDOWN_MINUTES, ten minutes when unset or not a number', () => {
    const cooldown = (value: string | undefined) =>
      readConfig({ ...env, REFRESH_COOLDOWN_MINUTES: value as string }).refreshCooldownMinutes;
    expect(cooldown('0')).toBe(0);
    expect(cooldown(' 3 ')).toBe(3);
    expect(cooldown('')).toBe(10);
    expect(cooldown(undefined)).toBe(10);
    expect(cooldown('soon')).toBe(10);
    expect(cooldown('-5')).toBe(10);
  });

  it('reads the admins, the database lists and the secrets, and names a missing secret or a bad list', () => {
    const config = readConfig({ ...env, ADMIN_USER_IDS: ' 7, 12 ,x,-1,0, 3.5' });
    expect([...config.adminUserIds]).toEqual([7, 12]);
    expect(config.databases).toEqual({ feeds: ['DB', 'FEEDS_1'], people: ['DB', 'PEOPLE_1'] });
    expect(config.appOrigin).toBe(new URL(env.APP_URL).origin);
    expect(config.secrets.session).toBe(env.SESSION_SECRET);
    expect(readConfig({ ...env, FEED_DATABASES: '', PEOPLE_DATABASES: ' ' }).databases).toEqual({
      feeds: ['DB'],
      people: ['DB'],
    });
    expect(problemsOf({ SESSION_SECRET: ' ', FEED_DATABASES: 'FEEDS_1,DB', PEOPLE_DATABASES: 'DB,DB' })).toEqual([
      'SESSION_SECRET must be set (wrangler secret put)',
      'FEED_DATABASES must start with DB, the primary database (shard 0)',
      'PEOPLE_DATABASES names a database twice',
    ]);
  });
});
