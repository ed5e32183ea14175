import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPasswords } from '../../schema';
import { feverApiKey, findUserByAppPassword, findUserByFeverKey, MAX_APP_PASSWORDS } from '../db/app-passwords';
import { md5Hex } from '../lib/crypto';
import { call, db, signUp } from '../test/helpers';

// signUp's password: creating an app password asks for it again (issue 28).
const currentPassword = 'correct horse battery';

type Created = { id: number; name: string; password: string; createdAt: string; lastUsedAt: null };

async function create(cookie: string, name = 'Reeder on my phone') {
  const response = await call('/api/users/me/app-passwords', { cookie, json: { name, currentPassword } });
  return { response, body: (await response.json()) as Created };
}

describe('app passwords', () => {
  it('shows a new password once, then lists it by name and date without any secret', async () => {
    const { cookie } = await signUp();
    const { response, body } = await create(cookie, '  NetNewsWire  ');
    expect(response.status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'NetNewsWire',
      password: expect.stringMatching(/^[a-z2-7]{32}$/),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const list = await (await call('/api/users/me/app-passwords', { cookie })).json();
    expect(list).toEqual([{ id: body.id, name: 'NetNewsWire', createdAt: body.createdAt, lastUsedAt: null }]);
    const [stored] = await db.select().from(appPasswords).where(eq(appPasswords.id, body.id));
    expect(JSON.stringify(stored)).not.toContain(body.password);
  });

  it('signs a reader app in with the account email and the app password, and records the use', async () => {
    const { cookie, email, userId } = await signUp();
    const { body } = await create(cookie);
    expect((await findUserByAppPassword(db, email, body.password))?.user.id).toBe(userId);
    expect(await findUserByAppPassword(db, 'someone.else@example.com', body.password)).toBeNull();
    expect(await findUserByAppPassword(db, email, 'not-the-password')).toBeNull();
    const [listed] = (await (await call('/api/users/me/app-passwords', { cookie })).json()) as Created[];
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it("knows a Fever client by md5 of 'email:password', in either case", async () => {
    const { cookie, email, userId } = await signUp();
    const { body } = await create(cookie);
    const apiKey = await md5Hex(`${email}:${body.password}`);
    expect(apiKey).toBe(await feverApiKey(email, body.password));
    expect((await findUserByFeverKey(db, apiKey))?.user.id).toBe(userId);
    expect((await findUserByFeverKey(db, apiKey.toUpperCase()))?.user.id).toBe(userId);
    expect(await findUserByFeverKey(db, await md5Hex(`${email}:wrong`))).toBeNull();
  });

  it('revokes at once: the password stops working and the list no longer has it', async () => {
    const { cookie, email } = await signUp();
    const { body } = await create(cookie);
    const response = await call(`/api/users/me/app-passwords/${body.id}`, { cookie, method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await findUserByAppPassword(db, email, body.password)).toBeNull();
    expect(await (await call('/api/users/me/app-passwords', { cookie })).json()).toEqual([]);
    expect((await call(`/api/users/me/app-passwords/${body.id}`, { cookie, method: 'DELETE' })).status).toBe(404);
  });

  it("answers 404 to revoking another person's app password, which keeps working", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const { body } = await create(owner.cookie);
    const response = await call(`/api/users/me/app-passwords/${body.id}`, {
      cookie: stranger.cookie,
      method: 'DELETE',
    });
    expect(response.status).toBe(404);
    expect(await findUserByAppPassword(db, owner.email, body.password)).not.toBeNull();
    expect(await (await call('/api/users/me/app-passwords', { cookie: stranger.cookie })).json()).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{}, 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ name: 'Phone\r\nX' }, 'Name must not contain line breaks'],
  ])('refuses %j with "%s"', async (json, message) => {
    const { cookie } = await signUp();
    const response = await call('/api/users/me/app-passwords', { cookie, json });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it(`allows at most ${MAX_APP_PASSWORDS} per person`, async () => {
    const { cookie } = await signUp();
    for (let i = 0; i < MAX_APP_PASSWORDS; i++) expect((await create(cookie, `App ${i}`)).response.status).toBe(201);
    const { response, body } = await create(cookie, 'One too many');
    expect(response.status).toBe(409);
    expect(body).toMatchObject({
      message: `You can have at most ${MAX_APP_PASSWORDS} app passwords. Revoke one first.`,
    });
  });

  it('answers 400 to a malformed id and 401 when signed out', async () => {
    const { cookie } = await signUp();
    const bad = await call('/api/users/me/app-passwords/abc', { cookie, method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Invalid app password ID' });
    expect((await call('/api/users/me/app-passwords')).status).toBe(401);
  });
});
