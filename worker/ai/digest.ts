// Scheduled digests. The frequent cron (wrangler.toml) finds people whose next delivery is due, queues a `send-digest`
// job for that slot and moves the slot on (spec §9, in the person's time zone). The job claims the period
// in digest_runs first, so a period never sends twice however often the job is delivered; it then writes
// one generation per chosen content type from the new, unread items of the person's include-in-AI feeds,
// and emails them to the person's delivery address (their own unless another one was confirmed). Nothing new makes a short "nothing new" digest, also mailed.
import {
  DIGEST_CONTENT_TYPES,
  type DigestContentType,
  digestContentTypeLabels,
  type Frequency,
  type Generation,
  type Preferences,
} from '../contracts/ai';
import type { Db } from '../db/client';
import {
  claimDigestRun,
  countManualDigests,
  insertGeneration,
  loadGenerationForJob,
  previousDigestAt,
  selectSourceItemIds,
  toGeneration,
} from '../db/generations';
import { getPreferences, listDueDeliveries, moveNextDelivery, savePreferences } from '../db/preferences';
import { dropRuleNotices, readRuleNotices } from '../db/rule-notices';
import { findUserById } from '../db/users';
import { deliveryAddressOf } from '../email/delivery-address';
import { sendEmail } from '../email/send';
import type { Bindings } from '../env';
import { enqueue, enqueueMany } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { errorFields, log } from '../lib/log';
import { startOfDay, zonedParts, zonedTime } from '../lib/time';
import { type RuleMatchLines, ruleMatchLines } from '../rules/digest-lines';
import type { ServicesAndEnv } from '../services';
import { renderGenerationsEmail } from './email';
import { runGeneration } from './generate';

export const MANUAL_DIGESTS_PER_DAY = 3;
const MAX_DIGEST_ITEMS = 40;
/** "Matched your rule X" lines in one digest; past them, one line says how many more. */
const MAX_RULE_LINES = 50;
const MAX_DUE_PER_TICK = 500;
const DAY_MS = 86_400_000;

/** Spec §9 "Next delivery": daily 9:00 tomorrow; twice daily 18:00 if before 13:00, else 9:00 tomorrow; weekly 9:00 in 7 days. */
export function nextDeliveryAt(frequency: Frequency | string, now: number, timeZone: string): number | null {
  const p = zonedParts(now, timeZone);
  switch (frequency) {
    case 'daily':
      return zonedTime(timeZone, p.year, p.month, p.day + 1, 9);
    case 'twice_daily':
      return p.hour < 13
        ? zonedTime(timeZone, p.year, p.month, p.day, 18)
        : zonedTime(timeZone, p.year, p.month, p.day + 1, 9);
    case 'weekly':
      return zonedTime(timeZone, p.year, p.month, p.day + 7, 9);
    default:
      return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The delivery slot as the person's wall clock, e.g. "2026-11-22T09:00": the period a digest covers. */
export function periodKey(slot: number, timeZone: string) {
  const p = zonedParts(slot, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** "May 13, 2025" in the person's zone (spec §9 date display), for titles and the {date} placeholder. */
export const formatDigestDate = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(instant);

/** The next digest as stored for this frequency in this zone, from `now`: null when none is scheduled. */
export function nextDigestDate(frequency: Frequency | string, timeZone: string, now = Date.now()): Date | null {
  const next = nextDeliveryAt(frequency, now, timeZone);
  return next === null ? null : new Date(next);
}

/** A person's time zone changed: their next digest keeps its local hour (spec §9: 9:00, 18:00) there. */
export async function rescheduleDigest(db: Db, userId: number, timeZone: string, now = Date.now()) {
  const { frequency } = await getPreferences(db, userId);
  await savePreferences(db, userId, {}, nextDigestDate(frequency, timeZone, now));
}

/** Cron: queues every due digest and moves its slot on; returns how many were queued. */
export async function enqueueDueDigests(env: Pick<Bindings, 'JOBS'>, db: Db, now = Date.now()) {
  const due = await listDueDeliveries(db, now, MAX_DUE_PER_TICK);
  const jobs = [];
  for (const row of due) {
    if (!row.nextDeliveryAt) continue;
    if (await moveNextDelivery(db, row.userId, row.nextDeliveryAt, nextDigestDate(row.frequency, row.timezone, now))) {
      jobs.push({
        type: 'send-digest' as const,
        userId: row.userId,
        period: periodKey(row.nextDeliveryAt.getTime(), row.timezone),
      });
    }
  }
  await enqueueMany(env, jobs);
  return jobs.length;
}

/** "Send me one now" (POST /api/ai-generations/digest): at most 3 a day, counted in the person's day. */
export async function requestDigestNow(
  env: Bindings,
  db: Db,
  user: { id: number; timezone: string },
  now = Date.now(),
) {
  if ((await countManualDigests(db, user.id, startOfDay(now, user.timezone))) >= MANUAL_DIGESTS_PER_DAY) {
    throw new ApiError(
      'RATE_LIMITED',
      `You can send up to ${MANUAL_DIGESTS_PER_DAY} digests a day. Please try again tomorrow.`,
    );
  }
  const period = `manual:${crypto.randomUUID()}`;
  await enqueue(env, { type: 'send-digest', userId: user.id, period });
  return period;
}

type DigestOutcome = { kind: 'already-sent' } | { kind: 'sent'; generations: Generation[] };

export async function sendDigest(
  deps: ServicesAndEnv,
  userId: number,
  period: string,
  now = Date.now(),
): Promise<DigestOutcome> {
  const { db } = deps;
  const user = await findUserById(db, userId);
  if (!user) return { kind: 'already-sent' };
  const manual = period.startsWith('manual:');
  const dayStart = startOfDay(now, user.timezone);
  if (
    !(await claimDigestRun(db, userId, period, manual ? { dayStart, manualPerDay: MANUAL_DIGESTS_PER_DAY } : null, now))
  ) {
    return { kind: 'already-sent' };
  }
  const preferences = await getPreferences(db, userId);
  const since =
    (await previousDigestAt(db, userId, now)) ?? now - (preferences.frequency === 'weekly' ? 7 : 1) * DAY_MS;
  const itemIds = await selectSourceItemIds(db.people.of(user), userId, {
    from: Math.max(since, now - 7 * DAY_MS),
    forDigest: true,
    limit: MAX_DIGEST_ITEMS,
  });
  const date = formatDigestDate(now, user.timezone);
  // What the person's notify rules matched since the last digest (issue 26), said at the top.
  const notices = await readRuleNotices(db.people.of(user), userId, now, MAX_RULE_LINES);
  const generations =
    itemIds.length === 0
      ? [await nothingNew(db, userId, preferences, date)]
      : await writeDigest(deps, userId, preferences, itemIds, date);
  // Every digest is mailed: to the confirmed delivery address, else to the account's own (issue 11).
  const to = deliveryAddressOf(user, preferences);
  const ruleLines = ruleMatchLines(notices.notices, notices.total, deps.config.appUrl);
  await mailDigest(deps, { userId, period, to }, preferences, generations, date, itemIds.length, ruleLines);
  // Said once: the mail is sent or queued with its own retries by now.
  if (notices.total > 0) await dropRuleNotices(db.people.of(user), userId, now);
  log.info('digest.sent', { userId, period, items: itemIds.length, generations: generations.length });
  return { kind: 'sent', generations };
}

async function nothingNew(db: Db, userId: number, preferences: Preferences, date: string) {
  const row = await insertGeneration(db, userId, {
    title: `Your digest for ${date}: nothing new`,
    contentType: 'text_summary',
    origin: 'digest',
    status: 'done',
    content:
      '<p>Nothing new since your last digest: your AI feeds have no unread items. Follow more feeds, or include more of them in AI content, and the next digest will have something to say.</p>',
    request: {
      itemIds: [],
      language: preferences.language,
      model: preferences.aiModel,
      writingStyle: preferences.writingStyle,
      contentLength: preferences.contentLength,
      scope: { kind: 'digest', name: date },
    },
  });
  return toGeneration(row);
}

async function writeDigest(
  deps: ServicesAndEnv,
  userId: number,
  preferences: Preferences,
  itemIds: number[],
  date: string,
): Promise<Generation[]> {
  const { db } = deps;
  const types = DIGEST_CONTENT_TYPES.filter((type) => preferences.contentTypes.includes(type));
  const generations: Generation[] = [];
  for (const contentType of types) {
    const skipImage = contentType === 'visual_content' && !deps.images.canDraw;
    const row = await insertGeneration(db, userId, {
      title: `${digestContentTypeLabels[contentType as DigestContentType]} — ${date}`,
      contentType,
      origin: 'digest',
      ...(skipImage
        ? {
            status: 'done' as const,
            content:
              '<p>Visual content was skipped: image generation needs a Replicate API token (REPLICATE_API_TOKEN).</p>',
          }
        : {}),
      request: {
        itemIds,
        language: preferences.language,
        model: preferences.aiModel,
        writingStyle: preferences.writingStyle,
        contentLength: preferences.contentLength,
        scope: { kind: 'digest', name: date },
        historyScope: { forDigest: true },
      },
    });
    // One part failing (recorded on its row) does not stop the others.
    if (!skipImage) await runGeneration(deps, row.id, 'job');
    const finished = await loadGenerationForJob(db, row.id);
    if (finished) generations.push(toGeneration(finished));
  }
  return generations;
}

/**
 * The subject is the person's own template, and it reaches only their own or a confirmed address. It
 * always names Feedloom, so a template written to look like someone else's mail ("URGENT: verify your
 * bank account") still reads as Feedloom's digest (issue 10 H1).
 */
export function digestSubject(template: string, date: string) {
  const subject = template.replaceAll('{date}', date);
  return (/feedloom/i.test(subject) ? subject : `Feedloom digest: ${subject}`).slice(0, 200);
}

async function mailDigest(
  deps: ServicesAndEnv,
  delivery: { userId: number; period: string; to: string },
  preferences: Preferences,
  generations: Generation[],
  date: string,
  itemCount: number,
  ruleLines: RuleMatchLines | null,
) {
  const email = await renderGenerationsEmail(generations, {
    ...(ruleLines ? { lead: ruleLines } : {}),
    subject: digestSubject(preferences.emailSubjectTemplate, date),
    intro:
      itemCount === 0
        ? `Your Feedloom digest for ${date}.`
        : `Your Feedloom digest for ${date}, from ${itemCount} new ${itemCount === 1 ? 'item' : 'items'}.`,
    format: preferences.emailFormat,
    config: deps.config,
  });
  const message = {
    to: delivery.to,
    userId: delivery.userId,
    kind: 'digest',
    about: `digest:${delivery.period}`,
    idempotencyKey: `digest:${delivery.userId}:${delivery.period}`,
    ...email,
  };
  try {
    await sendEmail(deps, message);
  } catch (error) {
    // The period is claimed, so this job must not fail: the email gets its own retries.
    log.warn('digest.email_retry_queued', { userId: delivery.userId, ...errorFields(error) });
    await enqueue(deps.env, { type: 'send-email', ...message });
  }
}
