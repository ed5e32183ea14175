// A WordPress REST API client (https://developer.wordpress.org/rest-api/): application-password
// Basic auth, users/me to check credentials, categories (every page), tags, media upload and posts. Every call goes
// through safeFetch, and every failure becomes a message a person can act on.

import type { WordPressCredentials, WordPressTerm } from '../contracts/wordpress';
import { ApiError } from '../lib/errors';
import type { UrlFetcher } from '../net/fetcher';
import { SafeFetchError, type SafeFetchResponse } from '../net/safe-fetch';

const TIMEOUT_MS = 15_000;

function endpoint(siteUrl: string, path: string) {
  return `${siteUrl.replace(/\/+$/, '')}/wp-json/wp/v2/${path}`;
}

function authorization({ username, applicationPassword }: WordPressCredentials) {
  // Application passwords are shown with spaces for readability; WordPress accepts them either way.
  const bytes = new TextEncoder().encode(`${username}:${applicationPassword.replace(/\s+/g, '')}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

type WordPressErrorBody = { code?: string; message?: string };

function explain(status: number, body: WordPressErrorBody | null): string {
  if (body?.code === 'rest_cannot_create') {
    return 'This WordPress user may not create posts. Use an account with the Author role or higher.';
  }
  if (body?.code === 'incorrect_password' || body?.code === 'invalid_username' || status === 401) {
    return 'WordPress rejected the username or application password.';
  }
  if (status === 403)
    return 'WordPress refused access. Check that the user may publish and that the REST API is enabled.';
  if (status === 404) return 'No WordPress REST API was found at this address (/wp-json). Check the site URL.';
  if (status >= 500) return `The WordPress site failed with an error (${status}). Try again later.`;
  return body?.message ? `WordPress said: ${body.message.slice(0, 200)}` : `WordPress answered ${status}.`;
}

type CallInit = { method?: string; headers?: Record<string, string>; body?: BodyInit };

async function callWordPress<T>(
  credentials: WordPressCredentials,
  fetcher: UrlFetcher,
  path: string,
  init: CallInit = {},
): Promise<T> {
  return (await requestWordPress<T>(credentials, fetcher, path, init)).body;
}

/** One REST call: the parsed body and the response headers (pagination lives in X-WP-TotalPages). */
async function requestWordPress<T>(
  credentials: WordPressCredentials,
  fetcher: UrlFetcher,
  path: string,
  init: CallInit = {},
): Promise<{ body: T; headers: Headers }> {
  let response: SafeFetchResponse;
  try {
    response = await fetcher.fetch(endpoint(credentials.url, path), {
      method: init.method,
      body: init.body,
      timeoutMs: TIMEOUT_MS,
      accept: 'application/json',
      headers: { authorization: authorization(credentials), ...init.headers },
    });
  } catch (error) {
    if (error instanceof SafeFetchError && error.reason === 'timeout') {
      throw new ApiError('UPSTREAM_FAILED', 'The WordPress site did not answer within 15 seconds.');
    }
    throw new ApiError(
      'UPSTREAM_FAILED',
      error instanceof Error ? error.message : 'The WordPress site could not be reached.',
    );
  }
  const text = new TextDecoder().decode(response.body);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    if (response.status < 400 || /<html/i.test(text)) {
      throw new ApiError(
        'UPSTREAM_FAILED',
        'The site answered with a web page instead of WordPress REST API data. Check the URL and that the REST API is enabled.',
      );
    }
  }
  if (response.status >= 400)
    throw new ApiError('UPSTREAM_FAILED', explain(response.status, body as WordPressErrorBody));
  return { body: body as T, headers: response.headers };
}

export async function verifyCredentials(credentials: WordPressCredentials, fetcher: UrlFetcher) {
  const me = await callWordPress<{ id?: number; name?: string }>(credentials, fetcher, 'users/me?context=edit');
  if (typeof me?.id !== 'number') throw new ApiError('UPSTREAM_FAILED', 'WordPress did not confirm who this user is.');
  return { id: me.id, name: me.name ?? credentials.username };
}

/** WordPress answers at most 100 terms a page; a site with thousands of categories is rare. */
const PER_PAGE = 100;
const MAX_PAGES = 20;

const toTerms = (rows: unknown) =>
  (Array.isArray(rows) ? (rows as WordPressTerm[]) : []).map(({ id, name, count }) => ({ id, name, count }));

/** Every category, page by page as the REST API's X-WP-TotalPages header says, most used first. */
export async function listWordPressCategories(credentials: WordPressCredentials, fetcher: UrlFetcher) {
  const categories: WordPressTerm[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { body, headers } = await requestWordPress<unknown>(
      credentials,
      fetcher,
      `categories?per_page=${PER_PAGE}&page=${page}&orderby=count&order=desc`,
    );
    categories.push(...toTerms(body));
    const totalPages = Number(headers.get('x-wp-totalpages') ?? '1');
    if (!(page < totalPages)) break;
  }
  return categories;
}

/** The site's most used tags, offered as suggestions. */
export async function listPopularTags(credentials: WordPressCredentials, fetcher: UrlFetcher) {
  return toTerms(
    await callWordPress<unknown>(credentials, fetcher, `tags?per_page=${PER_PAGE}&orderby=count&order=desc`),
  );
}

/** The ids of tags by name: an existing tag of that name (any case) is reused, otherwise it is created. */
export async function resolveTagIds(credentials: WordPressCredentials, fetcher: UrlFetcher, names: string[]) {
  const ids: number[] = [];
  for (const name of [...new Set(names.map((tag) => tag.trim()).filter(Boolean))]) {
    const found = toTerms(
      await callWordPress<unknown>(
        credentials,
        fetcher,
        `tags?search=${encodeURIComponent(name)}&per_page=${PER_PAGE}`,
      ),
    ).find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    const created = found
      ? found
      : await callWordPress<{ id: number }>(credentials, fetcher, 'tags', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
    if (!ids.includes(created.id)) ids.push(created.id);
  }
  return ids;
}

export async function uploadMedia(
  credentials: WordPressCredentials,
  fetcher: UrlFetcher,
  image: { bytes: ArrayBuffer; contentType: string; filename: string },
) {
  const media = await callWordPress<{ id: number }>(credentials, fetcher, 'media', {
    method: 'POST',
    headers: { 'content-type': image.contentType, 'content-disposition': `attachment; filename="${image.filename}"` },
    body: image.bytes,
  });
  return media.id;
}

export async function createPost(
  credentials: WordPressCredentials,
  fetcher: UrlFetcher,
  post: {
    title: string;
    content: string;
    status: 'draft' | 'publish';
    categories: number[];
    tags: number[];
    featuredMedia?: number;
  },
) {
  const created = await callWordPress<{ id: number; link?: string }>(credentials, fetcher, 'posts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: post.title,
      content: post.content,
      status: post.status,
      categories: post.categories,
      tags: post.tags,
      ...(post.featuredMedia ? { featured_media: post.featuredMedia } : {}),
    }),
  });
  return { id: created.id, link: created.link ?? null };
}
