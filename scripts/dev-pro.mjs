// `npm run dev:pro -- you@example.com`: makes a local account Pro without Stripe, the way production
// does it and the browser tests do: a checkout.session.completed event signed with the local
// STRIPE_WEBHOOK_SECRET (npm start writes one into .dev.vars), delivered to the running app's
// webhook. The account is found by email in the local D1 database.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDevVars, readDevVars } from './dev-vars.mjs';
import { signedCheckoutEvent } from './stripe-test-event.mjs';
import { wranglerEnv } from './wrangler-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const email = (process.argv[2] ?? '').trim().toLowerCase();
if (!/^[^\s@']+@[^\s@']+$/.test(email)) {
  console.error('Usage: npm run dev:pro -- you@example.com   (the email of a local account)');
  process.exit(1);
}
if (ensureDevVars()) {
  console.error('✗ Wrote a local STRIPE_WEBHOOK_SECRET to .dev.vars: restart npm start, then run this again.');
  process.exit(1);
}
const { STRIPE_WEBHOOK_SECRET: secret, APP_URL } = readDevVars();
const appUrl = APP_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;

const query = spawnSync(
  'npx',
  [
    'wrangler',
    'd1',
    'execute',
    'DB',
    '--local',
    '--json',
    '--command',
    `select id from users where email = '${email}'`,
  ],
  { cwd: root, env: wranglerEnv, encoding: 'utf8' },
);
const userId = query.status === 0 ? JSON.parse(query.stdout)[0]?.results?.[0]?.id : undefined;
if (!userId) {
  console.error(`✗ No local account for ${email}. Sign up first (the email lands in ${appUrl}/dev/mailbox).`);
  process.exit(1);
}

const { payload, signature } = signedCheckoutEvent(userId, secret ?? '', 'local');
const response = await fetch(new URL('/api/payments/webhook', appUrl), {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  body: payload,
}).catch(() => null);
if (!response?.ok) {
  const why = response ? `${response.status} ${await response.text()}` : `nothing answers at ${appUrl}`;
  console.error(`✗ The webhook refused the event: ${why}. Is npm start running (restarted since .dev.vars changed)?`);
  process.exit(1);
}
console.log(`✓ ${email} is on the Pro plan, with its monthly credits.`);
