// The add-feed form's rules (spec §3 "Feed (form)", §5 "Add feed"): url must be a valid URL ("Please
// enter a valid URL"), name is required ("Feed name is required"); categoryId is a category id, "none"
// or "new", and "new" needs a category name. The messages come from the shared contract.
import { addFeedSchema, categoryNameSchema, feedUrlSchema } from '@contracts/feeds';
import * as z from 'zod';
import { type FormResult, validateForm } from '@/lib/form';

export const NO_CATEGORY = 'none';
export const NEW_CATEGORY = 'new';

export type AddFeedFormValues = {
  url: string;
  name: string;
  categoryId: string;
  newCategory: string;
  includeInAi: boolean;
};

export const emptyAddFeedForm = (url = ''): AddFeedFormValues => ({
  url,
  name: '',
  categoryId: NO_CATEGORY,
  newCategory: '',
  includeInAi: true,
});

const addFeedFormSchema = z
  .object({
    url: feedUrlSchema,
    name: addFeedSchema.shape.name,
    categoryId: z.union([z.literal(NO_CATEGORY), z.literal(NEW_CATEGORY), z.string().regex(/^[1-9][0-9]*$/)], {
      error: 'Invalid category ID',
    }),
    newCategory: z.string().trim(),
    includeInAi: z.boolean(),
  })
  .superRefine((form, context) => {
    if (form.categoryId !== NEW_CATEGORY) return;
    const result = categoryNameSchema.shape.name.safeParse(form.newCategory);
    if (!result.success) {
      context.addIssue({
        code: 'custom',
        path: ['newCategory'],
        message: result.error.issues[0]?.message ?? 'Category name is required',
      });
    }
  });

/** What the dialog submits: the category is an id, none, or a name to create first. */
export type AddFeedSubmission = {
  url: string;
  name: string;
  category: { kind: 'none' } | { kind: 'existing'; id: number } | { kind: 'new'; name: string };
  includeInAi: boolean;
};

export function validateAddFeedForm(values: AddFeedFormValues): FormResult<AddFeedSubmission> {
  const result = validateForm(addFeedFormSchema, values);
  if (!result.ok) return result;
  const { url, name, categoryId, newCategory, includeInAi } = result.data;
  const category: AddFeedSubmission['category'] =
    categoryId === NO_CATEGORY
      ? { kind: 'none' }
      : categoryId === NEW_CATEGORY
        ? { kind: 'new', name: newCategory }
        : { kind: 'existing', id: Number(categoryId) };
  return { ok: true, data: { url, name, category, includeInAi } };
}

/** True when leaving the URL field should look up the feed's title: a valid URL and no name yet. */
export function shouldFetchPreview(values: Pick<AddFeedFormValues, 'url' | 'name'>): boolean {
  return values.name.trim() === '' && feedUrlSchema.safeParse(values.url).success;
}
