// The people-shard router: which database holds a person's reading state.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import { peopleDatabaseNames, peopleShardForNewPerson } from './people';

describe('people shards', () => {
  it('reads the list from PEOPLE_DATABASES, the primary database first', () => {
    expect(peopleDatabaseNames(undefined)).toEqual(['DB']);
    expect(peopleDatabaseNames(' DB ')).toEqual(['DB']);
    expect(() => peopleDatabaseNames('PEOPLE_1')).toThrow(/PEOPLE_DATABASES must start with DB/);
  });

  it('refuses more than one people database until every path reaches them all', () => {
    expect(() => peopleDatabaseNames('DB,PEOPLE_1')).toThrow(/PEOPLE_DATABASES names 2 databases/);
  });

  it('places new people evenly, the same address always in the same shard', () => {
    expect(peopleShardForNewPerson('ada@example.com', 16)).toBe(peopleShardForNewPerson('ada@example.com', 16));
    const perShard = new Array(16).fill(0);
    for (let n = 0; n < 16_000; n++) perShard[peopleShardForNewPerson(`person-${n}@example.com`, 16)]++;
    expect(Math.min(...perShard)).toBeGreaterThan(850);
    expect(Math.max(...perShard)).toBeLessThan(1150);
  });

  it('gives the primary database as people shard 0: one handle per database', () => {
    const db = createDb(env);
    expect(db.people.count).toBe(1);
    expect(db.people.of({ peopleShard: 0 })).toBe(db);
    expect(() => db.people.at(1)).toThrow(/No people shard 1/);
  });
});
