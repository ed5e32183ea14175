// The deployment's configuration: every variable and secret of the environment, parsed with zod into one
// typed Config once per isolate (readConfig keeps it on the env object). Everything else reads the Config
// (`c.var.config`, `services.config`), never `env.X`: the Biome plugin biome-plugins/no-raw-env.grit
// refuses it outside this file and the modules that wrap a binding. A bad value fails every request, queue batch and
// cron run before any route or job runs, with the variable's name and what it should be (never its
// value: some are secrets).
import * as z from 'zod';
import type { Bindings } from './bindings';
import { peopleDatabaseNames } from './db/people';
import { feedDatabaseNames } from './db/shards';
import { storyDatabaseNames } from './db/story-ring';
import { ApiError } from './lib/errors';
import { log } from './lib/log';

// What each service is built from. They live here, not in the services' modules, so that config.ts
// imports no service and the services import it: one direction (the loop env ↔ services ↔ config ↔
// email/transports ↔ ai/text-model is gone).

export const DEFAULT_AI_BASE_URL = 'https://openrouter.ai/api/v1';
export const DEFAULT_REPLICATE_BASE_URL = 'https://api.replicate.com/v1';

/** Where the online model lives (from OPENROUTER_API_KEY, AI_BASE_URL and APP_URL). */
export type AiConnection = { apiKey: string; baseUrl: string; appUrl: string };

/** The image model's connection (from REPLICATE_API_TOKEN and REPLICATE_BASE_URL). */
export type ReplicateConnection = { token: string; baseUrl: string };

export type TransportName = 'outbox' | 'resend' | 'cloudflare';

/** Stripe's keys (from the STRIPE_* secrets); each is absent when not set. */
export type StripeConfig = {
  secretKey?: string;
  publishableKey?: string;
  priceId?: string;
  webhookSecret?: string;
  /** Tests only: where the SDK sends API calls (a local fake). */
  apiBase?: string;
  /** Tests only: how long a call of an account deletion waits for Stripe (DELETION_TIMEOUT_MS otherwise). */
  deletionTimeoutMs?: number;
};

/** Trimmed, and absent when blank: an empty secret in .dev.vars means "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const urlOrNull = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

const httpUrl = z
  .string('must be set to an http(s) URL')
  .trim()
  .refine((value) => /^https?:$/.test(urlOrNull(value)?.protocol ?? ''), 'must be an http(s) URL');
const optionalHttpUrl = optionalText.pipe(httpUrl.optional());

/** host or host:port, as safe-fetch.ts isAllowedHost reads each entry; nothing else (no scheme, no path). */
const isHostAndPort = (entry: string) => {
  const url = urlOrNull(`http://${entry}`);
  return url !== null && url.pathname === '/' && !url.username && !url.search && !url.hash && !entry.includes('/');
};

/** A secret the Worker cannot run without (wrangler secret put; scripts/dev-vars.mjs writes local ones). */
const secret = z.string('must be set (wrangler secret put)').trim().min(1, 'must be set (wrangler secret put)');

/** A list of D1 binding names (db/shards.ts databaseNames says what a valid one is). */
const databaseList = <T>(read: (list: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((list, ctx) => {
      try {
        return read(list);
      } catch (error) {
        // databaseNames' message starts with the variable's name, which the path already gives.
        ctx.addIssue({ code: 'custom', message: String((error as Error).message).replace(/^[A-Z_]+:? /, '') });
        return z.NEVER;
      }
    });

const DEFAULT_COOLDOWN_MINUTES = 10;

const configSchema = z.object({
  SESSION_SECRET: secret,
  PASSWORD_PEPPER: secret,
  ENCRYPTION_KEY: secret,
  /** Comma-separated user ids; anything that is not a positive whole number is ignored. */
  ADMIN_USER_IDS: z
    .string()
    .default('')
    .transform(
      (list) =>
        new Set(
          list
            .split(',')
            .map((id) => Number(id.trim()))
            .filter((id) => Number.isSafeInteger(id) && id > 0),
        ) as ReadonlySet<number>,
    ),
  FEED_DATABASES: databaseList(feedDatabaseNames),
  PEOPLE_DATABASES: databaseList(peopleDatabaseNames),
  STORY_DATABASES: databaseList(storyDatabaseNames),
  /** Blank or not a number: the default (the documented local knob is 0). */
  REFRESH_COOLDOWN_MINUTES: z
    .string()
    .optional()
    .transform((value) => {
      const minutes = Number(value?.trim() || Number.NaN);
      return Number.isFinite(minutes) && minutes >= 0 ? minutes : DEFAULT_COOLDOWN_MINUTES;
    }),
  ENVIRONMENT: z.enum(['development', 'production'], 'must be development or production').default('production'),
  /** host:port pairs exempt from the private-address rule (local runs and tests); empty in production. */
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .refine(
      (value) => value.split(',').every((entry) => entry.trim() === '' || isHostAndPort(entry.trim())),
      'must list host:port pairs separated by commas',
    ),
  /** outbox, resend or cloudflare; empty lets the environment decide (email/transports.ts). */
  EMAIL_TRANSPORT: z
    .string()
    .default('')
    .transform((value) => value.trim())
    .pipe(z.enum(['', 'outbox', 'resend', 'cloudflare'], 'must be outbox, resend, cloudflare or empty')),
  EMAIL_FROM: z
    .string('must be set')
    .trim()
    .includes('@', 'must be an address such as "Feedloom <noreply@example.com>"'),
  RESEND_API_KEY: optionalText,
  RESEND_BASE_URL: optionalHttpUrl,
  APP_URL: httpUrl,
  OPENROUTER_API_KEY: optionalText,
  AI_BASE_URL: optionalHttpUrl,
  REPLICATE_API_TOKEN: optionalText,
  REPLICATE_BASE_URL: optionalHttpUrl,
  STORY_VECTORS_API_URL: optionalHttpUrl,
  STORY_VECTORS_API_TOKEN: optionalText,
  STORY_VECTORS_INDEX: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalHttpUrl,
  STRIPE_DELETION_TIMEOUT_MS: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d*$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .optional(),
  ),
});

/** The whole environment's variables and secrets, parsed; nothing else reads them (the Biome plugin no-raw-env). */
export type Config = {
  /** ENVIRONMENT=development: the dev routes answer, request logs and page views stay off. */
  development: boolean;
  /** APP_URL as set: where links in mail and redirects point. */
  appUrl: string;
  /** APP_URL's origin: what a browser's Origin header must be (middleware/origin.ts). */
  appOrigin: string;
  secrets: {
    /** Signs session cookies, reader-app tokens and email image links. */
    session: string;
    /** Peppers password hashes. */
    passwordPepper: string;
    /** Encrypts stored third-party credentials. */
    encryption: string;
  };
  adminUserIds: ReadonlySet<number>;
  /** The D1 binding names of the feed shards and the people databases, in shard order (DB first). */
  databases: { feeds: string[]; people: string[] };
  /** Minutes a feed checked by anyone is not fetched again on a person's request. */
  refreshCooldownMinutes: number;
  /** host:port pairs exempt from the private-address rule. */
  allowHosts: string;
  mail: { transport: TransportName | ''; from: string; resendApiKey?: string; resendBaseUrl: string };
  /** The online text model's connection, or null: the built-in offline model writes (DESIGN.md). */
  ai: AiConnection | null;
  /** The image model's connection, or null: no new images (the spec's texts say so). */
  replicate: ReplicateConnection | null;
  /** Story threads across languages over the HTTP API, or null (the bindings, when bound, come first). */
  storyVectorsApi: { apiUrl: string; token: string; index: string } | null;
  /** The story index's ring of day databases (db/story-ring.ts), or null: the primary database's table. */
  storyDatabases: string[] | null;
  stripe: StripeConfig;
};

/** A deployment's variables that cannot work; the message names each one and what it must be. */
export class ConfigError extends ApiError {
  constructor(readonly problems: string[]) {
    super('INTERNAL', `This server is misconfigured: ${problems.join('; ')}.`);
    this.name = 'ConfigError';
  }
}

/** Each environment object's last configuration, with the raw values it was parsed from. */
const configs = new WeakMap<object, { values: unknown[]; config: Config }>();
const CONFIG_KEYS = Object.keys(configSchema.shape) as (keyof Bindings)[];

/**
 * The configuration of this environment, parsed once per isolate: the platform hands every request,
 * queue batch and cron run of an isolate the same env object, so after the first parse a call only
 * compares the raw values with those it was parsed from (tests change them between requests) and hands
 * back the same Config. A configuration that cannot work is never kept: each call fails again.
 */
export function readConfig(env: Bindings): Config {
  const values = CONFIG_KEYS.map((key) => env[key]);
  const last = configs.get(env);
  if (last?.values.every((value, i) => value === values[i])) return last.config;
  const config = parseConfig(env);
  configs.set(env, { values, config });
  return config;
}

function parseConfig(env: Bindings): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const error = new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
    log.error('config.invalid', { problems: error.problems });
    throw error;
  }
  const vars = parsed.data;
  return {
    development: vars.ENVIRONMENT === 'development',
    appUrl: vars.APP_URL,
    appOrigin: new URL(vars.APP_URL).origin,
    secrets: { session: vars.SESSION_SECRET, passwordPepper: vars.PASSWORD_PEPPER, encryption: vars.ENCRYPTION_KEY },
    adminUserIds: vars.ADMIN_USER_IDS,
    databases: { feeds: vars.FEED_DATABASES, people: vars.PEOPLE_DATABASES },
    refreshCooldownMinutes: vars.REFRESH_COOLDOWN_MINUTES,
    allowHosts: vars.FETCH_ALLOW_HOSTS,
    mail: {
      transport: vars.EMAIL_TRANSPORT,
      from: vars.EMAIL_FROM,
      resendApiKey: vars.RESEND_API_KEY,
      resendBaseUrl: vars.RESEND_BASE_URL || 'https://api.resend.com',
    },
    ai: vars.OPENROUTER_API_KEY
      ? { apiKey: vars.OPENROUTER_API_KEY, baseUrl: vars.AI_BASE_URL || DEFAULT_AI_BASE_URL, appUrl: vars.APP_URL }
      : null,
    replicate: vars.REPLICATE_API_TOKEN
      ? { token: vars.REPLICATE_API_TOKEN, baseUrl: vars.REPLICATE_BASE_URL || DEFAULT_REPLICATE_BASE_URL }
      : null,
    storyDatabases: vars.STORY_DATABASES,
    storyVectorsApi:
      vars.STORY_VECTORS_API_URL && vars.STORY_VECTORS_API_TOKEN
        ? {
            apiUrl: vars.STORY_VECTORS_API_URL,
            token: vars.STORY_VECTORS_API_TOKEN,
            index: vars.STORY_VECTORS_INDEX || 'stories',
          }
        : null,
    stripe: {
      secretKey: vars.STRIPE_SECRET_KEY,
      publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
      priceId: vars.STRIPE_PRICE_ID,
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
      apiBase: vars.STRIPE_API_BASE,
      deletionTimeoutMs: vars.STRIPE_DELETION_TIMEOUT_MS,
    },
  };
}
