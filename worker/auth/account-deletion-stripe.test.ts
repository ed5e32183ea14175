// Deleting an account deletes the person's customer at Stripe (their email, name and saved card) before
// the users row that names it: a Stripe that does not answer leaves the account closed and marked, and
// the daily cleanup finishes it once Stripe answers; a customer Stripe no longer knows, or a server
// with no Stripe keys, does not hold the deletion up. (The deletion's other steps: account-deletion.test.ts.)

import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { deliver, recordedRequests } from '../test/ai';
import {
  adaAndBo,
  expectBoGoneAndAdaIntact,
  expectBoLockedOut,
  type People,
  rowsNaming,
} from '../test/deleted-accounts';
import { call } from '../test/helpers';
import { deleteAtStripe, pointStripeAtFake, setStripeDown } from '../test/stripe';

pointStripeAtFake();

const deleteAccountOf = (bo: People['bo']) =>
  call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });

describe('deleting an account with a customer at Stripe', () => {
  const down: string[] = [];
  afterEach(async () => {
    for (const customerId of down.splice(0)) await setStripeDown(customerId, false);
  });

  it('leaves the account closed and marked while Stripe fails, and the cleanup finishes it once Stripe answers', async () => {
    const people = await adaAndBo();
    const { bo } = people;
    down.push(bo.customerId);
    await setStripeDown(bo.customerId, true);

    const response = await deleteAccountOf(bo);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message:
        'Your account is closed and you are signed out. We could not reach Stripe to delete your payment details there; we keep trying every day and delete them, with the rest of your account, as soon as Stripe answers.',
    });
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    await expectBoLockedOut(bo);
    // Everything before the Stripe step is gone already; the users row, which names the customer, waits.
    const left = await rowsNaming(bo);
    expect(left['DB.users']).toBe(1);
    expect(Object.keys(left).filter((where) => where.startsWith('PEOPLE_1.'))).toEqual([]);
    expect(await env.IMAGES.get(people.imageKey)).toBeNull();

    // Stripe is still down at the next cleanup: the deletion stays as it was, for the one after.
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    expect((await rowsNaming(bo))['DB.users']).toBe(1);

    await setStripeDown(bo.customerId, false);
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  it('deletes the account when Stripe no longer knows the customer (deleted in its dashboard)', async () => {
    const people = await adaAndBo();
    await deleteAtStripe(people.bo.customerId);
    expect((await deleteAccountOf(people.bo)).status).toBe(204);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(people.bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  it('deletes the account on a server with no Stripe keys, asking Stripe nothing', async () => {
    env.STRIPE_SECRET_KEY = undefined;
    const people = await adaAndBo();
    expect((await deleteAccountOf(people.bo)).status).toBe(204);
    await expectBoGoneAndAdaIntact(people, { stripe: false });
    expect(await rowsNaming(people.bo)).toEqual({ 'DB.deleted_accounts': 1 });
    expect(await recordedRequests(`/v1/customers/${people.bo.customerId}`)).toEqual([]);
  });
});
