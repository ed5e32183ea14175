// Path ids are positive safe integers (spec §5: "Invalid feed ID" / "Invalid category ID").
import { z } from 'zod';

export const idParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, message)
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id), message);
