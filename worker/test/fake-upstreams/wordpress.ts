// WordPress's REST API (wp-json/wp/v2) for one site per scenario, under /wp/<scenario>/:
//   ok        a working site: user "editor", application password "abcd efgh ijkl mnop"
//   html      answers a web page instead of JSON (REST API disabled, wrong URL)
//   broken    answers 500 to everything
//   slow      never answers
//   nocreate  the user may not create posts (rest_cannot_create)
//   big       a working site with 230 categories, served 100 a page as WordPress does (X-WP-TotalPages)
// Tags are kept per scenario: GET tags (search, orderby=count) and POST tags {name} (term_exists for a
// name already there). Media uploads need an image content type and a filename. Uploaded files and
// any /wp/<scenario>/wp-content/uploads/<name>.jpg answer a small JPEG, for articles' own images.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeRoute } from './server';

export const WORDPRESS_USER = 'editor';
export const WORDPRESS_PASSWORD = 'abcd efgh ijkl mnop';
const EXPECTED_AUTH = `Basic ${Buffer.from(`${WORDPRESS_USER}:${WORDPRESS_PASSWORD.replace(/\s+/g, '')}`).toString('base64')}`;

/** The smallest JPEG a magic-number check accepts (SOI, JFIF APP0, EOI). */
export const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

type Term = { id: number; name: string; count: number };

const bigCategories: Term[] = Array.from({ length: 230 }, (_, index) => ({
  id: index + 1,
  name: `Category ${index + 1}`,
  count: 230 - index,
}));
const smallCategories: Term[] = [
  { id: 1, name: 'News', count: 3 },
  { id: 2, name: 'Tech', count: 1 },
];
const tagsOf = (tagsByScenario: Map<string, Term[]>, scenario: string) => {
  if (!tagsByScenario.has(scenario)) {
    tagsByScenario.set(scenario, [
      { id: 5, name: 'Energy', count: 4 },
      { id: 6, name: 'Solar', count: 2 },
    ]);
  }
  return tagsByScenario.get(scenario) as Term[];
};

/** A collection page as WordPress serves it: per_page (max 100), page, and the X-WP-Total(Pages) headers. */
function page(res: ServerResponse, url: URL, terms: Term[]) {
  const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? '10'));
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  const totalPages = Math.max(1, Math.ceil(terms.length / perPage));
  if (pageNumber > totalPages) {
    json(res, 400, {
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
    });
    return;
  }
  const sorted = url.searchParams.get('orderby') === 'count' ? [...terms].sort((a, b) => b.count - a.count) : terms;
  res.setHeader('x-wp-total', String(terms.length));
  res.setHeader('x-wp-totalpages', String(totalPages));
  json(res, 200, sorted.slice((pageNumber - 1) * perPage, pageNumber * perPage));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=UTF-8');
  res.end(JSON.stringify(body));
}

/** The WordPress sites of one fake server, with the tags made there: each test runner has its own. */
export function wordPressRoute(): FakeRoute {
  const tagsByScenario = new Map<string, Term[]>();
  return (req, body, res) => routeWordPress(tagsByScenario, req, body, res);
}

function routeWordPress(
  tagsByScenario: Map<string, Term[]>,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (/^\/wp\/[a-z]+\/wp-content\/uploads\/[\w-]+\.jpg$/.test(url.pathname)) {
    res.setHeader('content-type', 'image/jpeg');
    res.end(TINY_JPEG);
    return true;
  }
  const match = url.pathname.match(/^\/wp\/([a-z]+)\/wp-json\/wp\/v2\/([a-z/]+)$/);
  if (!match) return false;
  const [, scenario, resource] = match;
  const base = `http://${req.headers.host}/wp/${scenario}`;
  if (scenario === 'slow') {
    // Holds the request longer than the Worker's 15 s limit, then lets go so the server can close; the
    // Worker giving up (its abort closes the connection) ends the wait sooner.
    const timer = setTimeout(() => res.destroy(), 20_000).unref();
    res.on('close', () => clearTimeout(timer));
    return true;
  }
  if (scenario === 'html') {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><html><body><h1>Welcome to my homepage</h1></body></html>');
    return true;
  }
  if (scenario === 'broken') {
    json(res, 500, { code: 'internal_server_error', message: 'There has been a critical error on this website.' });
    return true;
  }
  if (req.headers.authorization !== EXPECTED_AUTH) {
    json(res, 401, {
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
    });
    return true;
  }
  if (resource === 'users/me') {
    json(res, 200, { id: 1, name: 'Editor', slug: 'editor' });
  } else if (resource === 'categories') {
    page(res, url, scenario === 'big' ? bigCategories : smallCategories);
  } else if (resource === 'tags' && req.method === 'POST') {
    const name = String((JSON.parse(body || '{}') as { name?: unknown }).name ?? '').trim();
    const tags = tagsOf(tagsByScenario, scenario as string);
    const existing = tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    if (!name) json(res, 400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): name' });
    else if (existing) {
      json(res, 400, {
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: existing.id },
      });
    } else {
      const tag = { id: 100 + tags.length, name, count: 0 };
      tags.push(tag);
      json(res, 201, tag);
    }
  } else if (resource === 'tags') {
    const search = url.searchParams.get('search')?.toLowerCase();
    const tags = tagsOf(tagsByScenario, scenario as string);
    page(res, url, search ? tags.filter((tag) => tag.name.toLowerCase().includes(search)) : tags);
  } else if (resource === 'media' && req.method === 'POST') {
    if (!String(req.headers['content-type']).startsWith('image/')) {
      json(res, 400, { code: 'rest_upload_sideload_error', message: 'Sorry, this file type is not permitted.' });
    } else if (!/filename="[^"]+"/.test(String(req.headers['content-disposition']))) {
      json(res, 400, { code: 'rest_upload_no_content_disposition', message: 'No Content-Disposition supplied.' });
    } else {
      json(res, 201, { id: 77, source_url: `${base}/wp-content/uploads/feedloom.jpg` });
    }
  } else if (resource === 'posts' && req.method === 'POST') {
    if (scenario === 'nocreate') {
      json(res, 403, {
        code: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
      });
    } else {
      json(res, 201, { id: 101, link: `${base}/?p=101`, status: 'draft' });
    }
  } else {
    json(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' });
  }
  return true;
}
