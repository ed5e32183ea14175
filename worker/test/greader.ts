// Helpers for Google Reader API tests: a person with an app password, a category and scripted feeds,
// signed in as a reader app; requests shaped as native clients send them.
import { expect } from 'vitest';
import { rss, scriptFeed, uniqueName } from './feeds';
import { call, signUp } from './helpers';

export const HOUR = 3_600_000;

export type Item = { id: string; title: string; categories: string[]; origin: { streamId: string } };

export async function readerFor(options: { feeds?: number } = {}) {
  const person = await signUp();
  const created = await call('/api/users/me/app-passwords', { cookie: person.cookie, json: { name: 'newsboat' } });
  const { password: appPassword, id: appPasswordId } = (await created.json()) as { password: string; id: number };
  const category = (await (
    await call('/api/categories', { cookie: person.cookie, json: { name: 'News' } })
  ).json()) as {
    id: number;
  };
  const feedUrls: string[] = [];
  for (let f = 0; f < (options.feeds ?? 2); f++) {
    const name = uniqueName(`greader-${f}`);
    const url = await scriptFeed(name, {
      body: rss(
        name,
        [1, 2, 3].map((n) => ({
          guid: `${name}-${n}`,
          title: `${name} story ${n}`,
          link: `https://example.com/${name}/${n}`,
          pubDate: new Date(Date.now() - (n + f * 3) * HOUR),
        })),
      ),
    });
    const added = await call('/api/feeds', {
      cookie: person.cookie,
      json: { url, name: `Feed ${f}`, categoryId: f === 0 ? category.id : null, includeInAi: true },
    });
    expect(added.status).toBe(201);
    feedUrls.push(url);
  }
  const login = await greader('/accounts/ClientLogin', {
    form: { service: 'reader', Email: person.email, Passwd: appPassword, accountType: 'HOSTED_OR_GOOGLE' },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, appPassword, appPasswordId, auth, feedUrls, categoryId: category.id };
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
