// An export of everything a person made, as a queued job (issue 29): the same JSON file the account
// page used to build in the request, written to R2 as it is read (the stars page by page, at most a
// part's worth held at once), then mailed as a signed link that expires (export-link.ts). 10,000 stars
// of 200 KB are 2 GB, which no Worker holds and no request should hold open.
import { exportAccount, exportedStarPages } from '../db/accounts';
import { findUserById } from '../db/users';
import { sendEmail } from '../email/send';
import { templates } from '../email/templates';
import type { Services } from '../services';
import { EXPORT_LINK_MS, exportUrl } from './export-link';
import { partWriter } from './part-writer';

export { EXPORT_PART_BYTES } from './part-writer';

/** What names an export: whose, which, and when it was asked for (epoch ms; its link lasts from then). */
export type ExportName = { userId: number; exportId: string; createdAt: number };

/**
 * Where a person's exports are kept: one folder per person, so theirs are listed (and removed) together,
 * each named by when it was asked for and its id, so a listing says how long each lasts.
 */
export const exportsFolder = (userId: number) => `exports/${userId}/`;
export const exportKey = (name: ExportName) => `${exportsFolder(name.userId)}${name.createdAt}-${name.exportId}.json`;

/** The export a key of the person's folder names (none for a key we did not write). */
export function exportOfKey(userId: number, key: string): ExportName | null {
  const match = /^(\d+)-([a-z2-7]{16})\.json$/.exec(key.slice(exportsFolder(userId).length));
  return match ? { userId, createdAt: Number(match[1]), exportId: match[2] as string } : null;
}

/** Where the starred items go in the export's JSON: the list is written after the rest, page by page. */
const STARS_SLOT = '"starredItems":[]';

/** Writes the file (unless a delivery before this one did), keeps only it of theirs, and mails the link. */
export async function writeExport(services: Pick<Services, 'db' | 'mail' | 'config' | 'exports'>, job: ExportName) {
  const { db } = services;
  const user = await findUserById(db, job.userId);
  if (!user) return; // the account was deleted meanwhile: nothing to export, nobody to tell
  const key = exportKey(job);
  // At least once: a redelivered job finds the file written and only makes sure the mail went out.
  if (!(await services.exports.head(key))) {
    const data = await exportAccount(db, user, Date.now(), { starred: false });
    if (!data) return;
    const whole = JSON.stringify(data);
    const at = whole.indexOf(STARS_SLOT) + STARS_SLOT.length - 1;
    const upload = await services.exports.createMultipartUpload(key, {
      httpMetadata: { contentType: 'application/json' },
    });
    try {
      const file = partWriter(upload);
      await file.write(whole.slice(0, at));
      let first = true;
      for await (const page of exportedStarPages(db, user)) {
        if (page.length === 0) continue;
        await file.write(`${first ? '' : ','}${page.map((star) => JSON.stringify(star)).join(',')}`);
        first = false;
      }
      await file.write(whole.slice(at));
      await upload.complete(await file.finish());
    } catch (error) {
      await upload.abort().catch(() => {});
      throw error;
    }
  }
  // One export of theirs is kept: the newer one replaces those before it.
  const theirs = await services.exports.list({ prefix: exportsFolder(job.userId) });
  const older = theirs.objects.map((object) => object.key).filter((other) => other !== key);
  if (older.length > 0) await services.exports.delete(older);
  const url = await exportUrl(services.config, {
    userId: job.userId,
    exportId: job.exportId,
    expiresAt: job.createdAt + EXPORT_LINK_MS,
  });
  await sendEmail(services, {
    to: user.email,
    userId: user.id,
    kind: 'export_ready',
    about: `export:${job.exportId}`,
    idempotencyKey: `export:${job.exportId}`,
    ...templates.exportReady(url),
  });
}
