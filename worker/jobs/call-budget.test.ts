// The batch's D1 call budget (issue 30): room is promised before work starts, work waits while others
// hold it, is refused once the calls made leave too little, and a call past what its work reserved
// goes ahead only into room nobody holds: never a call past the budget.
import { describe, expect, it } from 'vitest';
import { CallBudgetSpent, createCallBudget } from './call-budget';

/** A D1 binding whose every statement answers at once, counting what reached it. */
function fakeD1() {
  const reached = { calls: 0 };
  const statement = {
    bind: () => statement,
    run: async () => {
      reached.calls++;
      return { results: [], meta: {} };
    },
  };
  const d1 = { prepare: () => statement } as unknown as D1Database;
  return { d1, reached };
}

const call = (d1: D1Database) => d1.prepare('select 1').run();

describe('the call budget', () => {
  it('lets work wait for room others hold, and refuses what can no longer fit', async () => {
    const budget = createCallBudget(10);
    const { d1, reached } = fakeD1();
    const first = await budget.reserve(6);
    expect(first).not.toBeNull();
    // 4 unpromised: a reservation of 5 waits for the first to end.
    let second: Awaited<ReturnType<typeof budget.reserve>> = null;
    const waiting = budget.reserve(5).then((ticket) => {
      second = ticket;
    });
    await Promise.resolve();
    expect(second).toBeNull();
    const counted = first?.wrap(d1) as D1Database;
    await call(counted);
    await call(counted);
    first?.release();
    await waiting;
    const ticket = second as Awaited<ReturnType<typeof budget.reserve>>;
    expect(ticket).not.toBeNull();
    const counted2 = ticket?.wrap(d1) as D1Database;
    for (let k = 0; k < 5; k++) await call(counted2);
    ticket?.release();
    // 7 made: 4 can never fit, and nothing holds room that could come back.
    expect(await budget.reserve(4)).toBeNull();
    expect(await budget.reserve(3)).not.toBeNull();
    expect(budget.spent()).toBe(7);
    expect(reached.calls).toBe(7);
  });

  it('throws before D1 on a call past the reservation once the budget has no room left', async () => {
    const budget = createCallBudget(5);
    const { d1, reached } = fakeD1();
    const small = await budget.reserve(1);
    const other = await budget.reserve(3);
    const counted = small?.wrap(d1) as D1Database;
    await call(counted);
    // One unpromised call is left: the small work may take it, past its own reservation.
    await call(counted);
    // The other work's three are promised: nothing more for the small one.
    await expect(call(counted)).rejects.toBeInstanceOf(CallBudgetSpent);
    const otherD1 = other?.wrap(d1) as D1Database;
    for (let k = 0; k < 3; k++) await call(otherD1);
    await expect(call(otherD1)).rejects.toBeInstanceOf(CallBudgetSpent);
    expect(reached.calls).toBe(5);
    expect(budget.spent()).toBe(5);
  });
});
