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
  /**
   * Story threads across languages over Cloudflare's HTTP API, where the bindings below are not available:
   * an account's API base (https://api.cloudflare.com/client/v4/accounts/{id}), a token, the index's name.
   */
  /**
   * The story index's ring of day databases at workload B (db/story-ring.ts): five or more D1 binding
   * names, e.g. "STORIES_0..STORIES_4". Unset or blank: the story index is the primary database's table.
   */
  STORY_DATABASES?: string;
  STORY_VECTORS_API_URL?: string;
  STORY_VECTORS_API_TOKEN?: string;
  STORY_VECTORS_INDEX?: string;
};

/** Optional bindings wrangler.toml does not declare: story threads across languages (stories/story-vectors.ts). */
export type StoryBindings = {
  /** Workers AI, for the multilingual embeddings. */
  STORY_AI?: { run(model: string, input: { text: string[] }): Promise<{ data: number[][] }> };
  /** A Vectorize index (1,024 dimensions, cosine) of each story's first item. */
  STORY_VECTORS?: {
    query(
      vector: number[],
      options: { topK: number; returnMetadata: 'all' },
    ): Promise<{ matches: { id: string; score: number; metadata?: Record<string, unknown> }[] }>;
    upsert(vectors: { id: string; values: number[]; metadata: Record<string, number> }[]): Promise<unknown>;
  };
};

export type Bindings = Env & Secrets & StoryBindings;
