// A person's AI preferences. The row is created lazily, with spec §9's defaults, the first time anyone
// reads or saves it. Values written by older versions (a "custom" frequency, a retired model) are
// answered as the nearest current value, never as an error.
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { preferences, users } from '../../schema';
import {
  CONTENT_LENGTHS,
  DEFAULT_LANGUAGE,
  DEFAULT_PREFERENCE_MODEL,
  DEFAULT_SUBJECT_TEMPLATE,
  DIGEST_CONTENT_TYPES,
  type DigestContentType,
  EMAIL_FORMATS,
  FREQUENCIES,
  type Frequency,
  LANGUAGES,
  PREFERENCE_MODELS,
  type Preferences,
  type PreferencesInput,
  WRITING_STYLES,
} from '../contracts/ai';
import type { Db } from './client';

type Row = typeof preferences.$inferSelect;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toPreferences(row: Row): Preferences {
  const contentTypes = row.contentTypes.filter((type): type is DigestContentType =>
    (DIGEST_CONTENT_TYPES as readonly string[]).includes(type),
  );
  return {
    // Spec §4 "Frequency": a stored "custom" is shown as none (and never scheduled).
    frequency: oneOf(FREQUENCIES, row.frequency, 'none'),
    contentTypes: contentTypes.length > 0 ? contentTypes : ['text_summary'],
    writingStyle: oneOf(WRITING_STYLES, row.writingStyle, 'professional'),
    contentLength: oneOf(CONTENT_LENGTHS, row.contentLength, 'medium'),
    language: oneOf(LANGUAGES, row.language, DEFAULT_LANGUAGE),
    aiModel: oneOf(
      PREFERENCE_MODELS.map((model) => model.id),
      row.aiModel,
      DEFAULT_PREFERENCE_MODEL,
    ),
    emailDelivery: row.emailDelivery,
    emailDeliveryConfirmed: row.emailDelivery !== null && row.emailDeliveryConfirmedAt !== null,
    emailFormat: oneOf(EMAIL_FORMATS, row.emailFormat, 'html'),
    emailSubjectTemplate: row.emailSubjectTemplate.trim() || DEFAULT_SUBJECT_TEMPLATE,
    nextDeliveryAt: row.nextDeliveryAt?.toISOString() ?? null,
  };
}

export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const [existing] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  if (existing) return toPreferences(existing);
  const [created] = await db
    .insert(preferences)
    .values({ userId, contentTypes: ['text_summary'], updatedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (created) return toPreferences(created);
  const [raced] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  if (!raced) throw new Error('preferences row vanished');
  return toPreferences(raced);
}

/**
 * Saves some fields; `nextDeliveryAt` is given when the schedule changed (undefined leaves it as is).
 * Returns the whole preferences as the person now sees them.
 */
export async function savePreferences(
  db: Db,
  userId: number,
  changes: Partial<PreferencesInput> & { emailDeliveryConfirmedAt?: Date | null },
  nextDeliveryAt?: Date | null,
): Promise<Preferences> {
  await getPreferences(db, userId);
  const values = { ...changes, updatedAt: new Date(), ...(nextDeliveryAt !== undefined ? { nextDeliveryAt } : {}) };
  const [row] = await db.update(preferences).set(values).where(eq(preferences.userId, userId)).returning();
  if (!row) throw new Error('preferences row vanished');
  return toPreferences(row);
}

const SCHEDULED: Frequency[] = ['daily', 'twice_daily', 'weekly'];

/** People whose digest is due (cron): their frequency, slot and time zone. */
export async function listDueDeliveries(db: Db, now: number, limit: number) {
  return db
    .select({
      userId: preferences.userId,
      frequency: preferences.frequency,
      nextDeliveryAt: preferences.nextDeliveryAt,
      timezone: users.timezone,
    })
    .from(preferences)
    .innerJoin(users, eq(users.id, preferences.userId))
    .where(
      and(
        isNotNull(preferences.nextDeliveryAt),
        lte(preferences.nextDeliveryAt, new Date(now)),
        inArray(preferences.frequency, SCHEDULED),
      ),
    )
    .orderBy(preferences.nextDeliveryAt)
    .limit(limit);
}

/** Moves a due slot on, only if nobody moved it meanwhile; true if this call moved it. */
export async function moveNextDelivery(db: Db, userId: number, from: Date, to: Date | null) {
  const moved = await db
    .update(preferences)
    .set({ nextDeliveryAt: to })
    .where(and(eq(preferences.userId, userId), eq(preferences.nextDeliveryAt, from)))
    .returning({ userId: preferences.userId });
  return moved.length === 1;
}

/** Confirms the delivery address when it is still this one; the address, or null when it changed since. */
export async function confirmDeliveryEmail(db: Db, userId: number, email: string, now: number) {
  const [confirmed] = await db
    .update(preferences)
    .set({ emailDeliveryConfirmedAt: new Date(now) })
    .where(and(eq(preferences.userId, userId), eq(preferences.emailDelivery, email)))
    .returning({ email: preferences.emailDelivery });
  return confirmed?.email ?? null;
}
