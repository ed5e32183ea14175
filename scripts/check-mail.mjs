// Which transport will carry mail once deployed, said loudly before `npm run check` and `npm run deploy`
// (issue 11): production mail must reach any address people sign up with. Cloudflare's send_email
// binding delivers only to addresses verified in the Cloudflare account, and the outbox to nobody, so
// production refuses both; Resend needs its RESEND_API_KEY secret. `--deploy` also asks Cloudflare
// whether that secret is set (wrangler secret list), which `npm run check` cannot do offline.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The verdict for a production deploy, mirroring worker/email/transports.ts chooseTransport.
 * @param {{ transport: string, hasResendKey: boolean | null }} config hasResendKey null: unknown (offline)
 * @returns {{ ok: boolean, message: string }}
 */
export function mailVerdict({ transport, hasResendKey }) {
  const named = transport.trim();
  if (named === 'cloudflare') {
    return {
      ok: false,
      message:
        'EMAIL_TRANSPORT is "cloudflare": the send_email binding only delivers to verified addresses, so sign-up and reset mail would not arrive. Use Resend: npx wrangler secret put RESEND_API_KEY, and set EMAIL_TRANSPORT = "" or "resend".',
    };
  }
  if (named === 'outbox') {
    return { ok: false, message: 'EMAIL_TRANSPORT is "outbox": mail would stay in D1 and reach nobody.' };
  }
  if (named !== '' && named !== 'resend') {
    return { ok: false, message: `EMAIL_TRANSPORT "${named}" is unknown: use "" or "resend".` };
  }
  if (hasResendKey === false) {
    return {
      ok: false,
      message:
        'Mail would go through Resend, but the RESEND_API_KEY secret is not set: npx wrangler secret put RESEND_API_KEY',
    };
  }
  return {
    ok: true,
    message:
      hasResendKey === null
        ? 'Mail in production goes through Resend (api.resend.com) and needs the RESEND_API_KEY secret (npx wrangler secret put RESEND_API_KEY); npm run deploy checks that it is set.'
        : 'Mail in production goes through Resend (api.resend.com); RESEND_API_KEY is set.',
  };
}

/** The EMAIL_TRANSPORT of wrangler.toml's [vars], unless the environment overrides it. */
export function configuredTransport(wranglerToml, environment = process.env) {
  if (environment.EMAIL_TRANSPORT !== undefined) return environment.EMAIL_TRANSPORT;
  return wranglerToml.match(/^EMAIL_TRANSPORT\s*=\s*"([^"]*)"/m)?.[1] ?? '';
}

function resendKeyIsSet() {
  const listed = spawnSync('npx', ['wrangler', 'secret', 'list', '--format', 'json'], { encoding: 'utf8' });
  if (listed.status !== 0) {
    console.error(listed.stderr);
    throw new Error('wrangler secret list failed: sign in with npx wrangler login');
  }
  return JSON.parse(listed.stdout).some((secret) => secret.name === 'RESEND_API_KEY');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
  const deploying = process.argv.includes('--deploy');
  const verdict = mailVerdict({
    transport: configuredTransport(toml),
    hasResendKey: deploying ? resendKeyIsSet() : null,
  });
  const line = '='.repeat(100);
  console.log(`\n${line}\n${verdict.ok ? '✓' : '✗'} ${verdict.message}\n${line}\n`);
  if (!verdict.ok) process.exit(1);
}
