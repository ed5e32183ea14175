// Makes sure .dev.vars holds every local secret. The first run writes fresh random values; later runs
// only add keys that are missing, so a KEY=value line someone added (an API key, an override of a
// wrangler.toml var) is kept as it is.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('../.dev.vars', import.meta.url));

const generators = {
  SESSION_SECRET: () => randomBytes(32).toString('hex'),
  PASSWORD_PEPPER: () => randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  // Only for `npm run dev:pro`, which signs a Stripe test event with it; Stripe stays off without keys.
  STRIPE_WEBHOOK_SECRET: () => `whsec_local_${randomBytes(24).toString('hex')}`,
};

export function ensureDevVars(file = FILE) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set(current.split('\n').map((line) => line.split('=')[0]?.trim()));
  const missing = Object.entries(generators).filter(([key]) => !present.has(key));
  if (missing.length === 0) return false;
  const header = current ? '' : '# Local secrets for `wrangler dev`, written by `npm start`. Never commit this file.\n';
  const lines = missing.map(([key, make]) => `${key}=${make()}`).join('\n');
  const separator = current && !current.endsWith('\n') ? '\n' : '';
  writeFileSync(file, `${current}${separator}${header}${lines}\n`, { mode: 0o600 });
  return true;
}

/**
 * The KEY=value lines of .dev.vars (an absent file has none), as wrangler reads them.
 * @returns {Record<string, string | undefined>}
 */
export function readDevVars(file = FILE) {
  if (!existsSync(file)) return {};
  /** @type {Record<string, string>} */
  const vars = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (match?.[1]) vars[match[1]] = match[2]?.replace(/^(['"])(.*)\1$/, '$2') ?? '';
  }
  return vars;
}

/**
 * FETCH_ALLOW_HOSTS for a development server at `appUrl`: what is already listed plus the server's own
 * host, so the Worker may fetch what it serves itself (the sample feeds). Never used in production.
 * @param {string} appUrl
 * @param {string | undefined} listed
 */
export function allowOwnOrigin(appUrl, listed) {
  const hosts = (listed ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  const own = new URL(appUrl).host;
  return [...new Set([...hosts, own])].join(',');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (ensureDevVars()) console.log('Wrote fresh local secrets to .dev.vars');
}
