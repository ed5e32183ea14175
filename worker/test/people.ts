// Where a test person's reading state is (worker/db/people.ts): tests that write a person's users row and
// reading state straight into DB leave them in people shard 0, the primary database (the row's default);
// a person who signed up through the API is wherever placement put them (db/users.ts peopleDbOfUser).
import type { Db, PeopleDb } from '../db/client';

/** The people database of someone whose rows a test wrote straight into DB: people shard 0. */
export const primaryPeopleDb = (handle: Db): PeopleDb => handle.people.at(0);
