// The one validator wrapper (STYLE.md pattern 3): every json, query and param input goes through it,
// so every route answers the same 400 `{ message, code }` with the spec's own text, and a handler only
// ever sees valid data.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './errors';

export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const first = result.error.issues[0];
      throw new ApiError('BAD_REQUEST', first?.message ?? 'Invalid request');
    }
  });
