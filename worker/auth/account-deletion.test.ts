// Deleting an account whose rows span databases (the suite runs with DB and PEOPLE_1 as people databases
// and DB and FEEDS_1 as feed shards): what is left of the person afterwards, in every table of every
// database, in R2 and at Stripe, is nothing, however the deletion went: straight through the API, or
// stopped after any of its five steps (as a Worker that died there would be) and finished by the daily
// cleanup.
// Someone else who follows and starred the same things keeps all of theirs. (Stripe's own failures:
// account-deletion-stripe.test.ts; a deletion in parts and writes that land after it:
// account-deletion-parts.test.ts.)
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createServices } from '../services';
import { deliver } from '../test/ai';
import {
  adaAndBo,
  expectBoGoneAndAdaIntact,
  expectBoLockedOut,
  itemsOf,
  rowsNaming,
  tombstoneCustomerOf,
} from '../test/deleted-accounts';
import { call, signUp } from '../test/helpers';
import { pointStripeAtFake, stripeCustomer } from '../test/stripe';
import { type DeletionStep, deleteAccount } from './account-deletion';

pointStripeAtFake();

describe('deleting an account across databases', () => {
  it('leaves no row of a person in PEOPLE_1 in any database, nor their image, and they cannot sign in', async () => {
    const people = await adaAndBo();
    const { bo } = people;
    const response = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(response.status).toBe(204);
    await expectBoLockedOut(bo);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  const steps: DeletionStep[] = [
    'marked',
    'feed-shards-done',
    'reading-state-deleted',
    'images-deleted',
    'account-rows-deleted',
  ];
  it.each(steps)('finishes, in the daily cleanup, a deletion stopped once %s', async (step) => {
    const people = await adaAndBo();
    const { bo } = people;
    const services = createServices(env);
    const stopped = deleteAccount(services, bo.userId, {
      afterStep: (reached) => {
        if (reached === step) throw new Error(`The Worker stopped once ${reached}`);
      },
    });
    await expect(stopped).rejects.toThrow('The Worker stopped');
    // Half-deleted, but already out of reach; his address is free for someone new. Up to step 4 the
    // marked users row says what is left; after it, the tombstone names the customer still at Stripe.
    await expectBoLockedOut(bo);
    if (step === 'account-rows-deleted') {
      expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
      expect(await tombstoneCustomerOf(bo)).toBe(bo.customerId);
      expect((await stripeCustomer(bo.customerId)).deleted).toBeUndefined();
    } else expect((await rowsNaming(bo))['DB.users']).toBe(1);
    const again = await signUp(bo.email);
    expect(again.userId).not.toBe(bo.userId);

    const outcome = await deliver([{ type: 'cleanup' }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    // A deletion the cleanup finished leaves its tombstone too.
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
    // The newcomer with his old address has nothing of his.
    expect(await itemsOf(again.cookie, '')).toEqual([]);
  });

  it('leaves every star count right however often a stopped deletion set them', async () => {
    const people = await adaAndBo();
    const services = createServices(env);
    // Stopped twice after the feed shards (the counts set, his stars still there), then finished.
    for (let attempt = 0; attempt < 2; attempt++) {
      const stopped = deleteAccount(services, people.bo.userId, {
        afterStep: (reached) => {
          if (reached === 'feed-shards-done') throw new Error('The Worker stopped');
        },
      });
      await expect(stopped).rejects.toThrow('The Worker stopped');
    }
    await deliver([{ type: 'cleanup' }]);
    // Ada's star alone counts: not two (his kept), not zero (his taken off more than once).
    await expectBoGoneAndAdaIntact(people);
  });

  it('finishes a deletion whose first attempt failed in the second database when it is sent again', async () => {
    const people = await adaAndBo();
    const services = createServices(env);
    const failOnce = deleteAccount(services, people.bo.userId, {
      afterStep: (reached) => {
        if (reached === 'reading-state-deleted') throw new Error('D1_ERROR: Network connection lost');
      },
    });
    await expect(failOnce).rejects.toThrow('Network connection lost');
    expect(await deleteAccount(services, people.bo.userId)).toBe(true);
    await expectBoGoneAndAdaIntact(people);
    expect(await deleteAccount(services, people.bo.userId)).toBe(false);
  });

  it('leaves the accounts nobody is deleting alone in the cleanup', async () => {
    const { ada, bo, adasRows } = await adaAndBo();
    const bosRows = await rowsNaming(bo);
    const outcome = await deliver([{ type: 'cleanup' }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(await rowsNaming(bo)).toEqual(bosRows);
    expect(await rowsNaming(ada)).toEqual(adasRows);
    expect((await call('/api/users/me', { cookie: bo.cookie })).status).toBe(200);
  });
});
