import type { WordPressSite } from '@contracts/wordpress';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { PublishToWordPressButton } from './publish-dialog';
import { initialSiteId } from './publish-form';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const site = (id: number, name: string, isDefault = false): WordPressSite => ({
  id,
  name,
  url: `https://${name.toLowerCase()}.example`,
  username: 'editor',
  isDefault,
});

describe('initialSiteId', () => {
  it('preselects the default site wherever it is in the list', () => {
    expect(initialSiteId([site(1, 'Blog'), site(2, 'News', true), site(3, 'Shop')])).toBe(2);
  });

  it('falls back to the first site when none is the default', () => {
    expect(initialSiteId([site(4, 'Blog'), site(5, 'News')])).toBe(4);
  });

  it('has nothing to preselect without sites', () => {
    expect(initialSiteId([])).toBeUndefined();
  });
});

const generation = {
  id: 42,
  title: 'Blog Post (1000-1200 words): Ten things about feeds',
  imageUrl: '/api/images/42.jpg',
  content: '<p>Hi</p>',
  contentType: 'blog_post',
  origin: 'rewrite',
};

type Call = { method: string; path: string; body: unknown };

/** A fake API: two sites (the second is the default), their categories, and a publish endpoint. */
function fakeApi(publishAnswer: () => Response) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: input, body });
      if (input === '/api/wordpress/sites') return json([site(1, 'Blog'), site(2, 'News', true)]);
      if (input === '/api/wordpress/sites/1/info')
        return json({ categories: [{ id: 7, name: 'Diary', count: 1 }], tags: [] });
      if (input === '/api/wordpress/sites/2/info') {
        return json({
          categories: [
            { id: 1, name: 'World', count: 3 },
            { id: 2, name: 'Tech', count: 1 },
          ],
          tags: [{ id: 5, name: 'Energy', count: 4 }],
        });
      }
      if (input === '/api/wordpress/publish') return publishAnswer();
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <PublishToWordPressButton generation={generation} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function waitFor<T>(find: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error('timed out waiting for the element');
}

const button = (name: string) =>
  Array.from(container.querySelectorAll('button')).find((element) => element.textContent?.trim() === name);
const siteSelect = () => container.querySelector<HTMLSelectElement>('select');
const field = <T extends HTMLElement>(label: string) => {
  const id = Array.from(container.querySelectorAll('label')).find((element) => element.textContent === label)?.htmlFor;
  return id ? (document.getElementById(id) as T | null) : null;
};
const type = (element: HTMLInputElement | HTMLSelectElement | null, value: string) =>
  act(async () => {
    if (!element) return;
    // React tracks the value it set; the native setter makes the change visible to its onChange.
    const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
const checkbox = (label: string) =>
  Array.from(container.querySelectorAll('label'))
    .find((element) => element.textContent?.includes(label))
    ?.querySelector<HTMLInputElement>('input');
const radio = (value: string) => container.querySelector<HTMLInputElement>(`input[name="status"][value="${value}"]`);

async function openDialog() {
  await act(async () => button('Publish to WordPress')?.click());
  await waitFor(() => checkbox('Tech'));
}

const click = (element: HTMLElement | null | undefined) => act(async () => element?.click());

describe('PublishToWordPressButton', () => {
  it('opens on the default site with its categories, draft, the article’s title and the image as featured image', async () => {
    fakeApi(() => new Response('{}'));
    await openDialog();

    expect(siteSelect()?.value).toBe('2');
    expect(checkbox('World')?.checked).toBe(false);
    expect(radio('draft')?.checked).toBe(true);
    expect(field<HTMLInputElement>('Title')?.value).toBe('Ten things about feeds');
    expect(field<HTMLSelectElement>('Featured image')?.value).toBe('generation');
    expect(Array.from(field<HTMLSelectElement>('Featured image')?.options ?? []).map((o) => o.value)).toEqual([
      'none',
      'generation',
      'item',
      'generate',
    ]);
    await waitFor(() => container.querySelector('datalist option[value="Energy"]'));
  });

  it('forgets every choice when the dialog is closed and opened again', async () => {
    fakeApi(() => new Response('{}'));
    await openDialog();

    await click(checkbox('Tech'));
    await click(radio('publish'));
    await type(field<HTMLSelectElement>('Featured image'), 'none');
    await act(async () => {
      const select = siteSelect();
      if (!select) return;
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => checkbox('Diary'));
    expect(button('Publish')).toBeDefined();

    await click(button('Cancel'));
    expect(siteSelect()).toBeNull();

    await openDialog();
    expect(siteSelect()?.value).toBe('2');
    expect(checkbox('Tech')?.checked).toBe(false);
    expect(radio('draft')?.checked).toBe(true);
    expect(field<HTMLSelectElement>('Featured image')?.value).toBe('generation');
  });

  it('sends the choices, shows the result with the post link, and opens on the form again', async () => {
    const calls = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            success: true,
            message: 'Saved as a draft in WordPress',
            postUrl: 'https://news.example/?p=9',
          }),
        ),
    );
    await openDialog();
    await click(checkbox('World'));
    await type(field<HTMLInputElement>('Tags'), 'energy, grids ,, energy');
    await type(field<HTMLSelectElement>('Featured image'), 'item');
    await click(button('Save as Draft'));

    const link = await waitFor(() => container.querySelector<HTMLAnchorElement>('a[href="https://news.example/?p=9"]'));
    expect(link.target).toBe('_blank');
    expect(container.textContent).toContain('Saved as a draft in WordPress');
    expect(calls.find((call) => call.path === '/api/wordpress/publish')?.body).toEqual({
      generationId: 42,
      wordpressSiteId: 2,
      status: 'draft',
      categories: [1],
      featuredImage: 'item',
      title: 'Ten things about feeds',
      tags: ['energy', 'grids'],
    });

    await click(button('Close'));
    await openDialog();
    expect(container.textContent).not.toContain('Saved as a draft in WordPress');
    expect(checkbox('World')?.checked).toBe(false);
  });

  it("shows the server's reason when publishing fails", async () => {
    fakeApi(
      () =>
        new Response(JSON.stringify({ message: 'WordPress refused the post: the user may not create posts.' }), {
          status: 502,
        }),
    );
    await openDialog();
    await click(button('Save as Draft'));

    await waitFor(() => container.querySelector('[role="alert"]'));
    expect(container.textContent).toContain('Failed to publish to WordPress');
    expect(container.textContent).toContain('WordPress refused the post: the user may not create posts.');
    await click(button('Back to the form'));
    expect((await waitFor(() => radio('draft'))).checked).toBe(true);
  });

  it('points to /wordpress-sites when there are no sites', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
    );
    await act(async () => button('Publish to WordPress')?.click());
    const link = await waitFor(() => container.querySelector<HTMLAnchorElement>('a[href="/wordpress-sites"]'));
    expect(link.textContent).toBe('Add a WordPress site');
  });
});
