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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (ensureDevVars()) console.log('Wrote fresh local secrets to .dev.vars');
}
