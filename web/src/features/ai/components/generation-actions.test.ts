import { describe, expect, it } from 'vitest';
import { generationsQueryOptions } from '../api/get-generations';
import { imageFileName } from './generation-actions';

describe('imageFileName', () => {
  it('saves an image as a .jpg named after its title (spec §9)', () => {
    expect(imageFileName({ id: 7, title: 'Illustration: Solar batteries, cheaper!' })).toBe(
      'illustration-solar-batteries-cheaper.jpg',
    );
    expect(imageFileName({ id: 7, title: '«»' })).toBe('feedloom-image-7.jpg');
  });
});

describe('polling of /ai-generated', () => {
  const interval = (statuses: { status: 'pending' | 'done'; content: string | null }[]) => {
    const option = generationsQueryOptions().refetchInterval as (query: { state: { data: unknown } }) => number | false;
    return option({ state: { data: statuses } });
  };

  it('polls only while a generation is being written, and stops once none is (spec §7: no automatic refetches)', () => {
    expect(
      interval([
        { status: 'pending', content: null },
        { status: 'done', content: '<p>x</p>' },
      ]),
    ).toBeGreaterThan(0);
    expect(interval([{ status: 'done', content: '<p>x</p>' }])).toBe(false);
    expect(interval([])).toBe(false);
  });
});
