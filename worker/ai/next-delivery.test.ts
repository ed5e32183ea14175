// Spec §9 "Next delivery" at every hour of a day and across daylight-saving changes: daily 9:00 the next
// day, twice daily 18:00 if before 13:00 else 9:00 the next day, weekly 9:00 in 7 days, all on the
// person's own wall clock. The rule is checked as a function and as a person meets it through the API.
import { describe, expect, it } from 'vitest';
import { DAY_MS, DST_CHANGES, HOUR_MS, hourlyInstants, pinClock, TIME_ZONES, wallClock } from '../test/clock';
import { call, signUp } from '../test/helpers';
import { nextDeliveryAt, periodKey } from './digest';

/** What the spec promises for `now`, as calendar days after today and the local hour. */
function promised(frequency: 'daily' | 'twice_daily' | 'weekly', localHour: number) {
  if (frequency === 'weekly') return { days: 7, hour: 9 };
  if (frequency === 'twice_daily' && localHour < 13) return { days: 0, hour: 18 };
  return { days: 1, hour: 9 };
}

function expectPromisedDelivery(frequency: 'daily' | 'twice_daily' | 'weekly', now: number, zone: string) {
  const next = nextDeliveryAt(frequency, now, zone);
  if (next === null) throw new Error(`no delivery for ${frequency}`);
  const today = wallClock(now, zone);
  const delivery = wallClock(next, zone);
  const expected = promised(frequency, today.hour);
  const where = `${frequency} from ${new Date(now).toISOString()} in ${zone}`;
  expect({ days: delivery.dayNumber - today.dayNumber, hour: delivery.hour, minute: delivery.minute }, where).toEqual({
    ...expected,
    minute: 0,
  });
  expect(next, where).toBeGreaterThan(now);
  return next - now;
}

const FREQUENCIES = ['daily', 'twice_daily', 'weekly'] as const;

describe('next delivery', () => {
  it('keeps the spec’s local hours at each of the 24 hours of a day, in every kind of time zone', () => {
    for (const zone of TIME_ZONES) {
      for (const now of hourlyInstants('2026-06-15')) {
        for (const frequency of FREQUENCIES) {
          const wait = expectPromisedDelivery(frequency, now, zone);
          // "9:00 the next day" is 9 to 33 hours away (23:59 → 9:00 is 9 h, 00:00 → 9:00 the day after is 33 h).
          if (frequency === 'daily') {
            expect(wait).toBeGreaterThan(9 * HOUR_MS);
            expect(wait).toBeLessThanOrEqual(33 * HOUR_MS);
          }
        }
      }
    }
  });

  it.each(DST_CHANGES)('keeps 9:00 and 18:00 local on the day $zone’s clocks $shift', ({ zone, day, at }) => {
    // The change really happens that day: the zone's offset differs an hour before and an hour after.
    const minutes = (clock: ReturnType<typeof wallClock>) => (clock.dayNumber * 24 + clock.hour) * 60 + clock.minute;
    const offset = (instant: number) => minutes(wallClock(instant, zone)) - minutes(wallClock(instant, 'UTC'));
    expect(offset(at - HOUR_MS)).not.toBe(offset(at + HOUR_MS));
    const instants = [
      ...hourlyInstants(day),
      ...hourlyInstants(new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10)),
    ];
    for (const now of instants) for (const frequency of FREQUENCIES) expectPromisedDelivery(frequency, now, zone);
    // Across the change a daily slot is 23 or 25 hours after the one before, never 9:00 ± an hour.
    const slots = [...new Set(instants.map((now) => nextDeliveryAt('daily', now, zone)))];
    expect(slots.length).toBeGreaterThanOrEqual(2);
    for (const slot of slots) expect(wallClock(slot ?? 0, zone).hour).toBe(9);
  });

  it('answers none for no schedule', () => {
    expect(nextDeliveryAt('none', Date.parse('2026-06-15T12:00:00Z'), 'UTC')).toBeNull();
  });

  it('is what the preferences page shows, whatever the hour it is saved at', async () => {
    const { cookie } = await signUp();
    const zone = 'America/New_York';
    expect((await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: zone } })).status).toBe(200);
    // The day New York falls back: every hour of it, through the API as the browser saves it.
    for (const now of hourlyInstants('2026-11-01')) {
      pinClock(now);
      for (const frequency of ['daily', 'twice_daily'] as const) {
        const saved = await call('/api/preferences', { method: 'PATCH', cookie, json: { frequency } });
        expect(saved.status).toBe(200);
        const { nextDeliveryAt: shown } = (await saved.json()) as { nextDeliveryAt: string };
        const today = wallClock(now, zone);
        const delivery = wallClock(Date.parse(shown), zone);
        expect({ days: delivery.dayNumber - today.dayNumber, hour: delivery.hour }, `${frequency} at ${shown}`).toEqual(
          promised(frequency, today.hour),
        );
      }
    }
  });
});

describe('next delivery (spec §9) in the person’s time zone', () => {
  const zone = 'America/New_York';
  const at = (iso: string) => Date.parse(iso);

  it('daily is 9:00 the next day, weekly 9:00 in 7 days', () => {
    // 22:30 on 21 Nov in New York is already 22 Nov in UTC: "next day" is the person's.
    const now = at('2026-11-22T03:30:00Z');
    expect(new Date(nextDeliveryAt('daily', now, zone) ?? 0).toISOString()).toBe('2026-11-22T14:00:00.000Z');
    expect(new Date(nextDeliveryAt('weekly', now, zone) ?? 0).toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(nextDeliveryAt('none', now, zone)).toBeNull();
    expect(nextDeliveryAt('custom', now, zone)).toBeNull();
  });

  it('twice daily is 18:00 before 13:00, else 9:00 the next day', () => {
    expect(new Date(nextDeliveryAt('twice_daily', at('2026-11-22T17:59:00Z'), zone) ?? 0).toISOString()).toBe(
      '2026-11-22T23:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('twice_daily', at('2026-11-22T18:00:00Z'), zone) ?? 0).toISOString()).toBe(
      '2026-11-23T14:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('twice_daily', at('2026-11-22T01:00:00Z'), 'Asia/Tokyo') ?? 0).toISOString()).toBe(
      '2026-11-22T09:00:00.000Z',
    );
  });

  it('keeps 9:00 across a daylight-saving change and names the slot in local time', () => {
    const next = nextDeliveryAt('daily', at('2026-03-07T15:00:00Z'), zone) ?? 0;
    expect(new Date(next).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(periodKey(next, zone)).toBe('2026-03-08T09:00');
  });
});
