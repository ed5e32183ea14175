// A person's WordPress sites. The application password is stored encrypted, bound to its row, and
// never leaves this module except decrypted for a call to that site.
import { and, asc, eq, ne } from 'drizzle-orm';
import { wordpressSites } from '../../schema';
import type { WordPressCredentials, WordPressSite } from '../contracts/wordpress';
import { decryptSecret, encryptSecret } from '../lib/encryption';
import { notFound } from '../lib/errors';
import type { Db } from './client';

type SiteRow = typeof wordpressSites.$inferSelect;

const boundTo = (userId: number, siteId: number) => `wordpress_sites:${userId}:${siteId}`;

const toSite = (row: SiteRow): WordPressSite => ({
  id: row.id,
  name: row.name,
  url: row.url,
  username: row.username,
  isDefault: row.isDefault,
});

export async function listSites(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(wordpressSites)
    .where(eq(wordpressSites.userId, userId))
    .orderBy(asc(wordpressSites.id));
  return rows.map(toSite);
}

async function getRow(db: Db, userId: number, siteId: number) {
  const [row] = await db
    .select()
    .from(wordpressSites)
    .where(and(eq(wordpressSites.id, siteId), eq(wordpressSites.userId, userId)));
  if (!row) throw notFound('WordPress site');
  return row;
}

export async function getSite(db: Db, userId: number, siteId: number) {
  return toSite(await getRow(db, userId, siteId));
}

export async function siteCredentials(
  db: Db,
  key: string,
  userId: number,
  siteId: number,
): Promise<WordPressCredentials> {
  const row = await getRow(db, userId, siteId);
  return {
    url: row.url,
    username: row.username,
    applicationPassword: await decryptSecret(key, row.appPassword, boundTo(userId, siteId)),
  };
}

async function makeOnlyDefault(db: Db, userId: number, siteId: number) {
  await db.batch([
    db
      .update(wordpressSites)
      .set({ isDefault: false })
      .where(and(eq(wordpressSites.userId, userId), ne(wordpressSites.id, siteId))),
    db
      .update(wordpressSites)
      .set({ isDefault: true })
      .where(and(eq(wordpressSites.userId, userId), eq(wordpressSites.id, siteId))),
  ]);
}

export async function createSite(
  db: Db,
  key: string,
  userId: number,
  input: { name: string; url: string; username: string; applicationPassword: string; isDefault?: boolean },
) {
  const existing = await listSites(db, userId);
  const [row] = await db
    .insert(wordpressSites)
    .values({
      userId,
      name: input.name,
      url: input.url,
      username: input.username,
      appPassword: '',
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('site not created');
  // The ciphertext names the row it belongs to, so it is written once the row has an id.
  const appPassword = await encryptSecret(key, input.applicationPassword, boundTo(userId, row.id));
  await db.update(wordpressSites).set({ appPassword }).where(eq(wordpressSites.id, row.id));
  if (input.isDefault || existing.length === 0) await makeOnlyDefault(db, userId, row.id);
  return getSite(db, userId, row.id);
}

export async function updateSite(
  db: Db,
  key: string,
  userId: number,
  siteId: number,
  changes: { name?: string; url?: string; username?: string; applicationPassword?: string; isDefault?: boolean },
) {
  await getRow(db, userId, siteId);
  const { applicationPassword, isDefault, ...plain } = changes;
  const appPassword = applicationPassword
    ? await encryptSecret(key, applicationPassword, boundTo(userId, siteId))
    : undefined;
  if (Object.keys(plain).length > 0 || appPassword) {
    await db
      .update(wordpressSites)
      .set({ ...plain, ...(appPassword ? { appPassword } : {}) })
      .where(and(eq(wordpressSites.id, siteId), eq(wordpressSites.userId, userId)));
  }
  if (isDefault) await makeOnlyDefault(db, userId, siteId);
  return getSite(db, userId, siteId);
}

export async function deleteSite(db: Db, userId: number, siteId: number) {
  const row = await getRow(db, userId, siteId);
  await db.delete(wordpressSites).where(and(eq(wordpressSites.id, siteId), eq(wordpressSites.userId, userId)));
  if (row.isDefault) {
    const [next] = await listSites(db, userId);
    if (next) await makeOnlyDefault(db, userId, next.id);
  }
}
