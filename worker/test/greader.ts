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

/**
 * A signed-up person's Google Reader Auth token: an app password made through the API (its route checks
 * the person's password), then ClientLogin as a reader app signs in with it. The app password too.
 */
export async function signInAsReaderApp(person: { cookie: string; email: string; password: string }, appName: string) {
  const created = await call('/api/users/me/app-passwords', {
    cookie: person.cookie,
    json: { name: appName, currentPassword: person.password },
  });
  expect(created.status).toBe(201);
  const { password: appPassword } = (await created.json()) as { password: string };
  const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: appPassword } });
  return { auth: /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '', appPassword };
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
