import { describe, expect, it } from 'vitest';
import { configuredTransport, mailVerdict } from './check-mail.mjs';

describe('the production mail transport (issue 11)', () => {
  it('refuses the send_email binding and the outbox, which cannot reach arbitrary people', () => {
    expect(mailVerdict({ transport: 'cloudflare', hasResendKey: true })).toMatchObject({ ok: false });
    expect(mailVerdict({ transport: 'cloudflare', hasResendKey: true }).message).toMatch(/only delivers to verified/);
    expect(mailVerdict({ transport: 'outbox', hasResendKey: true }).ok).toBe(false);
  });

  it('needs the Resend key when deploying, and names it when it cannot tell', () => {
    expect(mailVerdict({ transport: '', hasResendKey: false })).toMatchObject({ ok: false });
    expect(mailVerdict({ transport: 'resend', hasResendKey: true })).toMatchObject({ ok: true });
    expect(mailVerdict({ transport: '', hasResendKey: null }).message).toMatch(/RESEND_API_KEY/);
  });

  it('reads EMAIL_TRANSPORT from wrangler.toml unless the environment sets it', () => {
    const toml = '[vars]\nEMAIL_TRANSPORT = "cloudflare"\n';
    expect(configuredTransport(toml, {})).toBe('cloudflare');
    expect(configuredTransport(toml, { EMAIL_TRANSPORT: 'resend' })).toBe('resend');
  });
});
