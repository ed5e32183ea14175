// WordPress's REST API (wp-json/wp/v2) for one site per scenario, under /wp/<scenario>/:
//   ok        a working site: user "editor", application password "abcd efgh ijkl mnop"
//   html      answers a web page instead of JSON (REST API disabled, wrong URL)
//   broken    answers 500 to everything
//   slow      never answers
//   nocreate  the user may not create posts (rest_cannot_create)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeRoute } from './server';

export const WORDPRESS_USER = 'editor';
export const WORDPRESS_PASSWORD = 'abcd efgh ijkl mnop';
const EXPECTED_AUTH = `Basic ${Buffer.from(`${WORDPRESS_USER}:${WORDPRESS_PASSWORD.replace(/\s+/g, '')}`).toString('base64')}`;

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=UTF-8');
  res.end(JSON.stringify(body));
}

export const routeWordPress: FakeRoute = (req: IncomingMessage, _body, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
    json(res, 200, [
      { id: 1, name: 'News', count: 3 },
      { id: 2, name: 'Tech', count: 1 },
    ]);
  } else if (resource === 'media' && req.method === 'POST') {
    if (!String(req.headers['content-type']).startsWith('image/')) {
      json(res, 400, { code: 'rest_upload_sideload_error', message: 'Sorry, this file type is not permitted.' });
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
};
