// Connecting a WordPress site and changing one (issue 5): the address must be https and public, the
// credentials must work before they are stored, and a stored application password never follows the
// site to a new host or username (issue 10 M5). Storing is db/wordpress-sites.ts's job; the routes only
// call these.
import type * as z from 'zod';
import type { addSiteSchema, updateSiteSchema } from '../contracts/wordpress';
import { createSite, siteCredentials, updateSite } from '../db/wordpress-sites';
import { ApiError } from '../lib/errors';
import type { UrlFetcher } from '../net/fetcher';
import type { Services } from '../services';
import { verifyCredentials } from './wordpress';

type SiteServices = Pick<Services, 'db' | 'fetcher'>;
type AddSiteInput = z.infer<typeof addSiteSchema>;
type UpdateSiteInput = z.infer<typeof updateSiteSchema>;

/** https and public; a host listed in FETCH_ALLOW_HOSTS (local runs and tests) may use http. */
function checkSiteUrl(url: string, fetcher: UrlFetcher) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !fetcher.isAllowListed(parsed)) {
    throw new ApiError(
      'BAD_REQUEST',
      'The site URL must start with https:// so your application password stays private.',
    );
  }
  if (!fetcher.isPublicUrl(url)) {
    throw new ApiError('BAD_REQUEST', 'This address points to a private network. Use your site’s public URL.');
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

async function checkedCredentials(url: string, username: string, applicationPassword: string, fetcher: UrlFetcher) {
  const credentials = { url: checkSiteUrl(url, fetcher), username, applicationPassword };
  try {
    await verifyCredentials(credentials, fetcher);
  } catch (error) {
    throw new ApiError(
      'BAD_REQUEST',
      error instanceof Error ? error.message : 'The WordPress credentials did not work.',
    );
  }
  return credentials;
}

/** Stores a new site once its address is acceptable and its credentials work. */
export async function connectSite(
  { db, fetcher }: SiteServices,
  encryptionKey: string,
  userId: number,
  input: AddSiteInput,
) {
  const credentials = await checkedCredentials(input.url, input.username, input.applicationPassword, fetcher);
  return createSite(db, encryptionKey, userId, { ...input, url: credentials.url });
}

/** Changes a site; new credentials are checked, and a new URL or username needs the password again. */
export async function changeSite(
  { db, fetcher }: SiteServices,
  encryptionKey: string,
  userId: number,
  siteId: number,
  changes: UpdateSiteInput,
) {
  if (changes.url || changes.username || changes.applicationPassword) {
    const current = await siteCredentials(db, encryptionKey, userId, siteId);
    // The stored password was given for this site and this user only: a new host (or account) must get
    // it from the person again, never from us (issue 10 M5).
    const movesCredentials =
      (changes.url !== undefined && changes.url !== current.url) ||
      (changes.username !== undefined && changes.username !== current.username);
    if (movesCredentials && !changes.applicationPassword) {
      throw new ApiError('BAD_REQUEST', 'Enter the application password again to change the site URL or username.');
    }
    const checked = await checkedCredentials(
      changes.url ?? current.url,
      changes.username ?? current.username,
      changes.applicationPassword ?? current.applicationPassword,
      fetcher,
    );
    changes.url = checked.url;
  }
  return updateSite(db, encryptionKey, userId, siteId, changes);
}
