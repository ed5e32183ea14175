// The Worker's environment as the platform hands it over: the bindings `wrangler types` generates into
// worker-configuration.d.ts, plus the secrets and optional bindings wrangler.toml does not declare. It
// imports nothing, so config.ts and the services can name it without importing the request types of
// env.ts (which name the services: that was a loop). Only config.ts reads its variables and secrets.

export type Secrets = {
  /** Signs session cookies (jose, HS256). */
  SESSION_SECRET: string;
  /** Peppers password hashes: a stolen database alone cannot be brute-forced. */
  PASSWORD_PEPPER: string;
  /** Encrypts stored third-party credentials (WordPress application passwords). */
  ENCRYPTION_KEY: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  OPENROUTER_API_KEY?: string;
  AI_BASE_URL?: string;
  REPLICATE_API_TOKEN?: string;
  REPLICATE_BASE_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_PRICE_ID?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Tests only: where the Stripe SDK sends API calls (a local fake). */
  STRIPE_API_BASE?: string;
  /** Tests only: how long deleting a Stripe customer waits, in milliseconds (10 s otherwise). */
  STRIPE_DELETION_TIMEOUT_MS?: string;
};

export type Bindings = Env & Secrets;
