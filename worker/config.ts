// The configuration the services are built from (services.ts), parsed with zod from the bindings once
// per request, queue batch or cron run. A bad value fails there, before any route or job runs, with the
// variable's name and what it should be (never its value: some are secrets).
import * as z from 'zod';
import { type AiConnection, DEFAULT_AI_BASE_URL } from './ai/client';
import { DEFAULT_REPLICATE_BASE_URL, type ReplicateConnection } from './ai/images';
import type { StripeConfig } from './billing/stripe';
import type { TransportName } from './email/transports';
import type { Bindings } from './env';
import { ApiError } from './lib/errors';
import { log } from './lib/log';

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

const configSchema = z.object({
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

/** What the services are built from; read per request, batch or run, since tests switch keys between them. */
export type Config = {
  development: boolean;
  allowHosts: string;
  mail: { transport: TransportName | ''; from: string; resendApiKey?: string; resendBaseUrl: string };
  /** The online text model's connection, or null: the built-in offline model writes (DESIGN.md). */
  ai: AiConnection | null;
  /** The image model's connection, or null: no new images (the spec's texts say so). */
  replicate: ReplicateConnection | null;
  stripe: StripeConfig;
};

/** A deployment's variables that cannot work; the message names each one and what it must be. */
export class ConfigError extends ApiError {
  constructor(readonly problems: string[]) {
    super('INTERNAL', `This server is misconfigured: ${problems.join('; ')}.`);
    this.name = 'ConfigError';
  }
}

export function readConfig(env: Bindings): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const error = new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
    log.error('config.invalid', { problems: error.problems });
    throw error;
  }
  const vars = parsed.data;
  return {
    development: vars.ENVIRONMENT === 'development',
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
