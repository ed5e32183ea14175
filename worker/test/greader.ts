// Helpers for Google Reader API tests: a person with an app password, a category and scripted feeds,
// signed in as a reader app; requests shaped as native clients send them.
import { expect } from 'vitest';
import { call } from './helpers';
import { followStoryFeed, personWithAppPassword } from './reader-apps';

export type Item = { id: string; title: string; categories: string[]; origin: { streamId: string } };

export async function readerFor(options: { feeds?: number } = {}) {
  const person = await personWithAppPassword('newsboat', 'News');
  const feedUrls: string[] = [];
  for (let f = 0; f < (options.feeds ?? 2); f++) {
    const feed = await followStoryFeed(person.cookie, {
      label: `greader-${f}`,
      feedName: `Feed ${f}`,
      categoryId: f === 0 ? person.categoryId : null,
      hoursAgo: (n) => n + f * 3,
    });
    feedUrls.push(feed.url);
  }
  const login = await greader('/accounts/ClientLogin', {
    form: { service: 'reader', Email: person.email, Passwd: person.appPassword, accountType: 'HOSTED_OR_GOOGLE' },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, auth, feedUrls };
}

/** A request as a native client sends it: no Origin, no cookie, a form body for POSTs. */
export async function greader(path: string, init: { auth?: string; form?: Record<string, string | string[]> } = {}) {
  const headers: Record<string, string> = { origin: '' };
  if (init.auth) headers.authorization = `GoogleLogin auth=${init.auth}`;
  let body: string | undefined;
  if (init.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(init.form)) {
      for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
    }
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return call(`/api/greader${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
}

export const json = async <T>(response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

export const contentsOf = (auth: string, stream: string, query = '') =>
  greader(`/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json${query}`, { auth }).then((r) =>
    json<{ items: Item[]; continuation?: string }>(r),
  );
