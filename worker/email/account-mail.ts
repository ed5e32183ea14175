// Mail about an account: sign-up, sign-in and reset links, and the confirmation a digest delivery
// address gets. The queue message names only the person and the kind of mail; the job mints the
// link as it sends, so no queue message or dead letter ever holds a link that signs someone in
// (issue 10 L5). The message's key makes a redelivered job send once (L12).

import type { Config } from '../config';
import { issueToken } from '../db/auth-tokens';
import type { Db } from '../db/client';
import { getPreferences } from '../db/preferences';
import { findUserByEmail, findUserById } from '../db/users';
import type { Bindings } from '../env';
import { enqueue } from '../jobs/enqueue';
import type { JobOf } from '../jobs/messages';
import { errorFields, log } from '../lib/log';
import type { Services } from '../services';
import { sendEmail } from './send';
import { type RenderedEmail, templates } from './templates';

export type AccountMailJob = JobOf<'send-account-email'>;
export type AccountMailKind = AccountMailJob['kind'];

const link = (config: Pick<Config, 'appUrl'>, path: string, token?: string) => {
  const url = new URL(path, config.appUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
};

type Rendered = { to: string; userId: number; email: RenderedEmail };

async function render(config: Pick<Config, 'appUrl'>, db: Db, job: AccountMailJob): Promise<Rendered | null> {
  const user = job.userId ? await findUserById(db, job.userId) : await findUserByEmail(db, job.email ?? '');
  if (!user) return null;
  const mail = (email: RenderedEmail, to = user.email) => ({ to, userId: user.id, email });
  switch (job.kind) {
    case 'password_setup': {
      const token = await issueToken(db, 'password_setup', user.id, user.email);
      return mail(templates.passwordSetup(link(config, '/auth/password-setup', token)));
    }
    case 'verify': {
      const token = await issueToken(db, 'verify', user.id, user.email);
      return mail(templates.verifyEmail(link(config, '/auth/verify', token)));
    }
    case 'magic_link': {
      const token = await issueToken(db, 'magic_link', user.id, user.email);
      return mail(templates.magicLink(link(config, '/auth/verify', token)));
    }
    case 'password_reset': {
      const token = await issueToken(db, 'password_reset', user.id, user.email);
      return mail(templates.passwordReset(link(config, '/auth/reset-password', token)));
    }
    case 'already_registered':
      return mail(templates.alreadyRegistered(link(config, '/auth/login'), link(config, '/auth/forgot-password')));
    case 'email_change': {
      // The link goes to the new address: following it proves the person reads it.
      if (!job.email) return null;
      const token = await issueToken(db, 'email_change', user.id, job.email);
      return mail(templates.emailChange(link(config, '/auth/confirm-email', token)), job.email);
    }
    case 'email_change_approve': {
      // The current address approves first: the account has no password to prove who asks (issue 28).
      if (!job.email) return null;
      const token = await issueToken(db, 'email_change_approve', user.id, job.email);
      return mail(templates.emailChangeApproval(job.email, link(config, '/auth/confirm-email', token)));
    }
    case 'app_password_link': {
      const token = await issueToken(db, 'app_password', user.id, user.email);
      return mail(templates.appPasswordLink(link(config, '/account#reader-apps', token)));
    }
    case 'email_change_notice':
      // The old address hears of it, so an intruder's change cannot go unnoticed.
      return job.email ? mail(templates.emailChangeNotice(job.email, link(config, '/auth/forgot-password'))) : null;
    case 'delivery_confirm': {
      // Only the address still waiting: one changed or confirmed meanwhile gets nothing.
      const preferences = await getPreferences(db, user.id);
      if (!preferences.emailDelivery || preferences.emailDeliveryConfirmed) return null;
      const token = await issueToken(db, 'delivery_confirm', user.id, preferences.emailDelivery);
      return mail(
        templates.deliveryConfirmation(link(config, '/auth/confirm-delivery', token)),
        preferences.emailDelivery,
      );
    }
  }
}

/** The queue job's work; also what `sendAccountMailNow` tries first. */
export async function sendAccountMail(services: Pick<Services, 'db' | 'mail' | 'config'>, job: AccountMailJob) {
  const rendered = await render(services.config, services.db, job);
  if (!rendered) return;
  await sendEmail(services, {
    to: rendered.to,
    userId: rendered.userId,
    kind: job.kind,
    idempotencyKey: job.key,
    ...rendered.email,
  });
}

export const accountMailJob = (kind: AccountMailKind, who: { userId: number } | { email: string }): AccountMailJob => ({
  type: 'send-account-email',
  kind,
  key: crypto.randomUUID(),
  ...who,
});

/** Sends at once; if the provider fails, the queue retries the same job (same key, sent once). */
export async function sendAccountMailNow(
  env: Pick<Bindings, 'JOBS'>,
  services: Pick<Services, 'db' | 'mail' | 'config'>,
  job: AccountMailJob,
) {
  try {
    await sendAccountMail(services, job);
  } catch (error) {
    log.warn('email.retry_queued', { kind: job.kind, ...errorFields(error) });
    await enqueue(env, job);
  }
}
