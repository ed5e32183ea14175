// The service context: everything a request, a queue batch or a cron run uses besides its input, built
// once from the environment (STYLE.md pattern 4, after Unkey's ServiceContext). Routes read it from
// `c.var.services` (middleware/services.ts); the queue consumer and the cron dispatcher build the same
// one per batch or run, so a job fetches, mails and writes exactly as a request does.

import { createImages, type Images } from './ai/images';
import { createTextModel, type TextModel } from './ai/text-model';
import { createPayments, type Payments } from './billing/stripe';
import type { Bindings } from './bindings';
import { type Config, readConfig } from './config';
import { type Db, openDatabases } from './db/client';
import type { StoryIndex } from './db/story-index';
import { storyIndexOf } from './db/story-ring';
import { createMailTransport, type MailTransport } from './email/transports';
import { createUrlFetcher, type UrlFetcher } from './net/fetcher';
import { type StoryVectors, storyVectorsFromBindings, storyVectorsOverHttp } from './stories/story-vectors';

export type Services = {
  /** The environment's variables and secrets, parsed once per isolate (config.ts). */
  config: Config;
  db: Db;
  /** safeFetch bound to the deployment's allow-list: every URL a person or a feed gave us. */
  fetcher: UrlFetcher;
  /** The mail transport this configuration picks: outbox, Resend or Cloudflare's send_email. */
  mail: MailTransport;
  /** The text model: online (an OpenAI-compatible API) or the built-in offline model. */
  ai: TextModel;
  /** Generated images: the R2 bucket and, when a Replicate token is set, the image model. */
  images: Images;
  /** Stripe: Checkout, the portal, webhook verification; `configured` false without keys. */
  payments: Payments;
  /** The built SPA's files (the ASSETS binding): the extension download, the development sample feeds. */
  assets: Fetcher;
  /** Workers Analytics Engine's page-view dataset, when bound. */
  analytics: AnalyticsEngineDataset | null;
  /** Finished exports of people's data (the EXPORTS bucket, worker/exports/), kept while their link lasts. */
  exports: R2Bucket;
  /** Workers Rate Limiting: searches per person (wrangler.toml SEARCH_LIMITER, search/search-limit.ts). */
  searchLimiter: RateLimit;
  /** Story threads across languages (stories/story-vectors.ts): the bindings, else the HTTP API, else off. */
  storyVectors: StoryVectors | null;
  /**
   * Where the story index is kept (db/story-index.ts): null, the primary database's table; a ring of day
   * databases when STORY_DATABASES names them (db/story-ring.ts, workload B).
   */
  storyIndex: StoryIndex | null;
};

/** What domain code that also queues jobs is handed: the service context and the environment, for JOBS. */
export type ServicesAndEnv = Services & { env: Bindings };

/**
 * The service context for this environment; `wrapD1` wraps every D1 binding as it is opened (the
 * development round-trip count, middleware/services.ts).
 */
export function createServices(env: Bindings, wrapD1?: (d1: D1Database, binding: string) => D1Database): Services {
  const config = readConfig(env);
  const fetcher = createUrlFetcher(config.allowHosts);
  return {
    config,
    db: openDatabases(env, config.databases, wrapD1),
    fetcher,
    mail: createMailTransport(config, env),
    ai: createTextModel(config),
    images: createImages(config.replicate, env.IMAGES, fetcher),
    payments: createPayments(config.stripe),
    assets: env.ASSETS,
    analytics: env.ANALYTICS ?? null,
    exports: env.EXPORTS,
    searchLimiter: env.SEARCH_LIMITER,
    storyVectors:
      env.STORY_AI && env.STORY_VECTORS
        ? storyVectorsFromBindings(env.STORY_AI, env.STORY_VECTORS)
        : config.storyVectorsApi
          ? storyVectorsOverHttp(config.storyVectorsApi)
          : null,
    storyIndex: storyIndexOf(env, config.storyDatabases, wrapD1),
  };
}
