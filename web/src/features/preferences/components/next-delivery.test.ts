import { describe, expect, it } from 'vitest';
import { describeNextDelivery, NO_DELIVERY } from './next-delivery';

// Local wall-clock dates, so the test reads the same in any time zone.
const now = new Date(2025, 4, 13, 10, 30);
const at = (...parts: [number, number, number, number, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3], parts[4] ?? 0).toISOString();

describe('describeNextDelivery', () => {
  it('says when tomorrow’s daily digest goes out', () => {
    expect(describeNextDelivery({ frequency: 'daily', nextDeliveryAt: at(2025, 4, 14, 9) }, now)).toBe(
      'Next delivery: Tomorrow at 9:00 AM (Daily)',
    );
  });

  it('says "Today" for the evening digest of twice daily', () => {
    expect(describeNextDelivery({ frequency: 'twice_daily', nextDeliveryAt: at(2025, 4, 13, 18) }, now)).toBe(
      'Next delivery: Today at 6:00 PM (Twice daily)',
    );
  });

  it('gives the date of a weekly digest', () => {
    expect(describeNextDelivery({ frequency: 'weekly', nextDeliveryAt: at(2025, 4, 20, 9) }, now)).toBe(
      'Next delivery: May 20, 2025 at 9:00 AM (Weekly)',
    );
  });

  it('has no scheduled delivery for none, custom, a missing or an unreadable time', () => {
    expect(describeNextDelivery({ frequency: 'none', nextDeliveryAt: null }, now)).toBe(NO_DELIVERY);
    expect(describeNextDelivery({ frequency: 'custom', nextDeliveryAt: at(2025, 4, 14, 9) }, now)).toBe(NO_DELIVERY);
    expect(describeNextDelivery({ frequency: 'daily', nextDeliveryAt: null }, now)).toBe(NO_DELIVERY);
    expect(describeNextDelivery({ frequency: 'daily', nextDeliveryAt: 'soon' }, now)).toBe(NO_DELIVERY);
    expect(NO_DELIVERY).toBe('No scheduled delivery');
  });

  it('says a slot just past is on its way (the cron has not run yet)', () => {
    expect(describeNextDelivery({ frequency: 'daily', nextDeliveryAt: at(2025, 4, 13, 9) }, now)).toBe(
      'Next delivery: any minute now (Daily)',
    );
  });
});
