import type { Category } from '@contracts/feeds';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/ui/toast-store';
import { createQueryClient } from '@/lib/query-client';
import { AddFeedDialog } from './add-feed-dialog';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let container: HTMLDivElement;
let root: Root;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(routes: Record<string, (body: unknown) => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      const route = routes[`${method} ${path}`];
      return route ? route(body) : json({ message: 'not found' }, 404);
    }),
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function render(props: {
  initialUrl?: string;
  categories?: Category[];
  createCategory?: (name: string) => Promise<Category>;
}) {
  const onOpenChange = vi.fn();
  await act(async () =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AddFeedDialog
            open
            onOpenChange={onOpenChange}
            initialUrl={props.initialUrl}
            categories={props.categories ?? []}
            createCategory={props.createCategory ?? (async (name) => ({ id: 99, name }))}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settle();
  return { onOpenChange };
}

const field = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLSelectElement;

function type(name: string, value: string) {
  const element = field(name);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    (container.querySelector('form') as HTMLFormElement).requestSubmit();
  });
  await settle();
}

const count = { count: 0, maxFeeds: 3, isPro: false, limitReached: false };

beforeEach(() => {
  calls = [];
  dismissToast();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const buttonNamed = (label: string) =>
  [...container.querySelectorAll('button')].find((button) => button.textContent === label) ?? null;

describe('the add-feed dialog', () => {
  it('offers "Add sample feeds" only when the server is a development server, and follows them', async () => {
    stubApi({ 'GET /api/feeds/count': () => json(count) });
    await render({});
    expect(buttonNamed('Add sample feeds')).toBeNull();
    act(() => root.unmount());
    root = createRoot(container);

    stubApi({
      'GET /api/feeds/count': () => json(count),
      'GET /api/dev/sample-feeds': () => json({ feeds: [{ name: 'The Guardian', url: 'http://localhost/a.rss' }] }),
      'POST /api/dev/sample-feeds': () => json({ followed: 4 }),
    });
    const { onOpenChange } = await render({});
    await act(async () => buttonNamed('Add sample feeds')?.click());
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/dev/sample-feeds']);
    expect(getToasts()[0]).toMatchObject({
      title: 'Sample feeds added',
      description: 'You now follow 4 sample feeds.',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the spec’s messages for a bad URL and a missing name, and sends nothing', async () => {
    stubApi({ 'GET /api/feeds/count': () => json(count) });
    await render({});
    type('url', 'nope');
    await submit();
    expect(container.textContent).toContain('Please enter a valid URL');
    expect(container.textContent).toContain('Feed name is required');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('fills the name from the preview of a pre-filled URL, then adds the feed in a new category', async () => {
    const createCategory = vi.fn(async (name: string) => ({ id: 12, name }));
    stubApi({
      'GET /api/feeds/count': () => json(count),
      'GET /api/feeds/preview': () => json({ title: 'Example Blog', url: 'https://e.com/feed', siteUrl: null }),
      'POST /api/feeds': (body) => json({ id: 5, ...(body as object) }, 201),
    });
    const { onOpenChange } = await render({ initialUrl: 'https://e.com/feed', createCategory });
    expect((field('name') as HTMLInputElement).value).toBe('Example Blog');

    type('categoryId', 'new');
    type('newCategory', 'Tech');
    await submit();

    expect(createCategory).toHaveBeenCalledWith('Tech');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/feeds',
      body: { url: 'https://e.com/feed', name: 'Example Blog', categoryId: 12, includeInAi: true },
    });
    expect(getToasts()[0]?.title).toBe('Feed added successfully');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says "Error processing URL" when the preview fails', async () => {
    stubApi({
      'GET /api/feeds/count': () => json(count),
      'GET /api/feeds/preview': () => json({ message: 'No feed was found at this address.' }, 422),
    });
    await render({ initialUrl: 'https://e.com/' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Error processing URL',
      description: 'There was a problem processing the feed URL.',
    });
  });

  it('shows the server’s message when the add fails', async () => {
    stubApi({
      'GET /api/feeds/count': () => json(count),
      'POST /api/feeds': () => json({ message: 'You already follow this feed', code: 'CONFLICT' }, 409),
    });
    const { onOpenChange } = await render({});
    type('url', 'https://e.com/feed');
    type('name', 'Mine');
    await submit();
    expect(getToasts()[0]).toMatchObject({ title: 'Error adding feed', description: 'You already follow this feed' });
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('warns at max − 1 feeds and disables Add at the limit', async () => {
    stubApi({ 'GET /api/feeds/count': () => json({ ...count, count: 2 }) });
    await render({});
    expect(container.textContent).toContain('You are using 2 of 3 feeds on the Free plan.');
    const add = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add Feed');
    expect(add()?.disabled).toBe(false);

    act(() => root.unmount());
    root = createRoot(container);
    stubApi({ 'GET /api/feeds/count': () => json({ ...count, count: 3, limitReached: true }) });
    await render({});
    expect(container.textContent).toContain('You have reached the limit of 3 feeds on the Free plan.');
    expect(add()?.disabled).toBe(true);
  });
});
