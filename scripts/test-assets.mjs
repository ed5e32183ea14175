// What the Worker tests need in dist/client: wrangler refuses a config whose assets directory is missing,
// and the Worker reads the development sample feeds from its assets (as `vite build` copies them).
import { cpSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function copyWorkerAssets() {
  mkdirSync(`${root}dist/client`, { recursive: true });
  cpSync(`${root}web/public/dev`, `${root}dist/client/dev`, { recursive: true });
}
