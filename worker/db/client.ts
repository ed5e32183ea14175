// The one way to get a database handle, in requests, queue jobs and cron alike (STYLE.md pattern 4).
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../schema';

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema, casing: 'snake_case' });
}

export type Db = ReturnType<typeof createDb>;
