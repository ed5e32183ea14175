// Setting up a person for a browser test through the API, as a script would: register, set the
// password from the dev outbox's link, sign in, and follow a feed scripted on the fake upstream.
import { inject } from 'vitest';

export const SESSION_COOKIE = 'feedloom_session';
export const PASSWORD = 'correct horse battery';

const baseURL = inject('baseURL');
const fakeUpstreamUrl = inject('fakeUpstreamUrl');
const url = (path: string) => new URL(path, baseURL).href;

export async function postApi(path: string, body: unknown, cookie?: string) {
  const response = await fetch(url(path), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL,
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new account, signed in; returns its email and session cookie value. */
export async function signUpThroughApi(label: string) {
  const email = `${label}.${Date.now()}@example.com`;
  await postApi('/api/auth/register', { name: 'Test Reader', email });
  const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as { to: string; text: string }[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  await postApi('/api/auth/set-password', { token, password: PASSWORD });
  const login = await postApi('/api/auth/login', { username: email, password: PASSWORD });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.match(new RegExp(`^${SESSION_COOKIE}=([^;]+)`))?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('no session cookie after sign-in');
  return { email, cookie };
}

/** Follows a one-item feed scripted on the fake upstream and waits until its item is fetched. */
export async function followOneItemFeed(cookie: string, options: { categoryId?: number } = {}) {
  const feedUrl = `${fakeUpstreamUrl}/scripted/people-${Date.now()}`;
  await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({
      contentType: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Axe Weekly</title><link>https://axe.example/</link>
        <description>Notes on accessible reading</description>
        <item><title>Contrast matters</title><link>https://axe.example/contrast</link><guid>contrast</guid>
        <pubDate>${new Date().toUTCString()}</pubDate>
        <description>Readable text needs enough contrast against its background. Designers check the ratio of every colour pair they use.</description></item>
      </channel></rss>`,
    }),
  });
  const feed = (await (
    await postApi(
      '/api/feeds',
      { url: feedUrl, name: 'Axe Weekly', categoryId: options.categoryId ?? null, includeInAi: true },
      cookie,
    )
  ).json()) as { id: number };
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(url(`/api/feed-items?feedId=${feed.id}`), {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    const body = (await response.json()) as
      | { id: number; title: string }[]
      | { items: { id: number; title: string }[] };
    const [item] = Array.isArray(body) ? body : body.items;
    if (item) return { feedId: feed.id, item };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the feed was never fetched');
}
