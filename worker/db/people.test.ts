// The people-shard router: which database holds a person's reading state.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import { peopleDatabaseNames, peopleShardForNewPerson } from './people';

describe('people shards', () => {
  it('reads the list from PEOPLE_DATABASES, the primary database first', () => {
    expect(peopleDatabaseNames(undefined)).toEqual(['DB']);
    expect(peopleDatabaseNames(' DB ')).toEqual(['DB']);
    expect(peopleDatabaseNames('DB,PEOPLE_1')).toEqual(['DB', 'PEOPLE_1']);
    expect(() => peopleDatabaseNames('PEOPLE_1')).toThrow(/PEOPLE_DATABASES must start with DB/);
    expect(() => peopleDatabaseNames('DB,PEOPLE_1,PEOPLE_1')).toThrow(/PEOPLE_DATABASES names a database twice/);
  });

  it('places new people evenly over the people databases after the primary, the same address always alike', () => {
    expect(peopleShardForNewPerson('ada@example.com', 1)).toBe(0);
    expect(peopleShardForNewPerson('ada@example.com', 2)).toBe(1);
    expect(peopleShardForNewPerson('ada@example.com', 17)).toBe(peopleShardForNewPerson('ada@example.com', 17));
    const perShard = new Array(17).fill(0);
    for (let n = 0; n < 16_000; n++) perShard[peopleShardForNewPerson(`person-${n}@example.com`, 17)]++;
    // The primary keeps the people from before people shards only; 1,000 expected in each of the 16 others.
    expect(perShard[0]).toBe(0);
    expect(Math.min(...perShard.slice(1))).toBeGreaterThan(850);
    expect(Math.max(...perShard.slice(1))).toBeLessThan(1150);
  });

  it('opens each people database on its own binding, the primary as people shard 0: one handle per database', () => {
    const db = createDb(env);
    expect(db.people.count).toBe(2);
    expect(db.people.of({ peopleShard: 0 })).toBe(db);
    expect(db.people.of({ peopleShard: 1 }).$client).toBe(env.PEOPLE_1);
    // A people database that holds no feeds is no feed shard; the primary is feed shard 0 too.
    expect(db.shards.indexOf(db.people.at(1))).toBe(-1);
    expect(db.shards.indexOf(db.people.at(0))).toBe(0);
    expect(() => db.people.at(2)).toThrow(/No people shard 2/);
    expect(() => createDb({ DB: env.DB, PEOPLE_DATABASES: 'DB,NOWHERE' }).people.at(1)).toThrow(/not a D1 binding/);
  });
});
