// The development outbox: sent mail listed in development, 404 anywhere else.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../test/helpers';

describe('dev outbox', () => {
  it('lists sent emails newest first in development', async () => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Outbox Reader', email } });
    const outbox = (await (await call('/api/dev/outbox')).json()) as { to: string; subject: string; html: string }[];
    expect(outbox[0]).toMatchObject({ to: email, subject: 'Set your Feedloom password' });
    expect(outbox[0]?.html).toContain('/auth/password-setup?token=');
  });

  it('answers 404 outside development', async () => {
    const previous = env.ENVIRONMENT;
    env.ENVIRONMENT = 'production';
    try {
      expect((await call('/api/dev/outbox')).status).toBe(404);
    } finally {
      env.ENVIRONMENT = previous;
    }
  });
});
