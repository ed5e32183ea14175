// The Hono app: middleware, one sub-app per resource mounted under /api, one error handler.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { closedGate } from './db/read-gate';
import type { AppEnv } from './env';
import { ApiError } from './lib/errors';
import { errorFields, log } from './lib/log';
import { checkOrigin } from './middleware/origin';
import { replicaBookmarks } from './middleware/replica-bookmarks';
import { logRequest } from './middleware/request-log';
import { services } from './middleware/services';
import { loadSession } from './middleware/session';
import { adminRoutes } from './routes/admin';
import { aiGenerationRoutes } from './routes/ai-generations';
import { analyticsRoutes } from './routes/analytics';
import { authRoutes } from './routes/auth';
import { categoryRoutes } from './routes/categories';
import { creditRoutes } from './routes/credits';
import { devRoutes } from './routes/dev';
import { emailImageRoutes } from './routes/email-images';
import { exportRoutes } from './routes/exports';
import { extensionRoutes } from './routes/extension';
import { faviconRoutes } from './routes/favicons';
import { feedItemRoutes } from './routes/feed-items';
import { feedRoutes } from './routes/feeds';
import { feverRoutes } from './routes/fever';
import { greaderRoutes } from './routes/greader';
import { healthRoutes } from './routes/health';
import { opmlRoutes } from './routes/opml';
import { paymentRoutes } from './routes/payments';
import { preferenceRoutes } from './routes/preferences';
import { ruleRoutes } from './routes/rules';
import { savedSearchRoutes } from './routes/saved-searches';
import { userRoutes } from './routes/users';
import { wordpressRoutes } from './routes/wordpress';

// JSON bodies above 1 MB are refused before anything reads them (a 1 MB password never reaches PBKDF2).
const MAX_BODY_BYTES = 1024 * 1024;

export const app = new Hono<AppEnv>()
  .basePath('/api')
  // API answers are data, never a page: nothing may load from them and nothing may frame them (issue 28 L3).
  .use(secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } }))
  // Before services: the databases it opens are D1 sessions at the person's bookmarks.
  .use(replicaBookmarks)
  .use(services)
  .use(logRequest)
  .use(checkOrigin)
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE', 'The request is too large');
      },
    }),
  )
  .use(loadSession)
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/users', userRoutes)
  .route('/categories', categoryRoutes)
  .route('/feeds', feedRoutes)
  .route('/feed-items', feedItemRoutes)
  .route('/favicons', faviconRoutes)
  .route('/credits', creditRoutes)
  .route('/preferences', preferenceRoutes)
  .route('/rules', ruleRoutes)
  .route('/saved-searches', savedSearchRoutes)
  .route('/ai-generations', aiGenerationRoutes)
  .route('/email-images', emailImageRoutes)
  .route('/exports', exportRoutes)
  .route('/opml', opmlRoutes)
  .route('/wordpress', wordpressRoutes)
  .route('/payments', paymentRoutes)
  .route('/admin', adminRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/extension', extensionRoutes)
  .route('/dev', devRoutes)
  .route('/greader', greaderRoutes)
  .route('/fever', feverRoutes)
  .notFound(() => {
    throw new ApiError('NOT_FOUND', 'Not found');
  })
  .onError((error, c) => {
    // A read that went ahead of a session check that then failed: the session middleware answers in its
    // place (middleware/read-ahead.ts), so this answer is never seen, and nothing went wrong to log.
    if (closedGate(error)) return c.body(null, 503);
    if (error instanceof ApiError) {
      return c.json({ message: error.message, code: error.code }, error.status);
    }
    // Hono's own refusals, e.g. the JSON validator's on a body that does not parse: a 400 with a message.
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.status === 400 ? 'The request body is not valid JSON' : error.message || 'Bad request';
      return c.json({ message, code: 'BAD_REQUEST' }, error.status);
    }
    log.error('request.failed', { requestId: c.var.requestId, path: c.req.path, ...errorFields(error) });
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, 500);
  });

export type AppType = typeof app;
