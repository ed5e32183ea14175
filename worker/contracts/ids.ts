// One rule for ids, wherever they come from (issue 13 item 5): a positive safe integer, written as a
// number or as its plain decimal digits ("12"; never "1e1", " 12", "012" or "0x0c"). Paths, queries and
// JSON bodies validate with `idSchema`, whose message is the spec's text ("Invalid feed ID"); code that
// reads ids outside a schema (the reader-app APIs' parameters, queue messages) uses `parseId`, the same rule.
import * as z from 'zod';

const DIGITS = /^[1-9][0-9]{0,15}$/;

/** The id `value` stands for, or null when it is not a valid id. */
export function parseId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && DIGITS.test(value) ? Number(value) : null;
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An id in a path, a query or a body, as a number; `message` when it is anything else. */
export const idSchema = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
