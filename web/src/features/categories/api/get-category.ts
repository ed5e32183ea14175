// GET /api/categories/{id} → {id, name}. Ids are positive integers ("Invalid category ID", spec §5).
import type { Category } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

/** The numeric id of a /category/{id} path segment, or null when it is not one. */
export function parseCategoryId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export async function getCategory(categoryId: number): Promise<Category> {
  const category: Category = await client.categories[':categoryId']
    .$get({ param: { categoryId: String(categoryId) } })
    .then((response) => response.json());
  if (!category || typeof category !== 'object' || typeof category.id !== 'number') {
    throw new Error('Invalid category response');
  }
  return category;
}

export function categoryQueryOptions(categoryId: number) {
  return queryOptions({ queryKey: categoryKeys.detail(categoryId), queryFn: () => getCategory(categoryId) });
}

export function useCategory(categoryId: number) {
  return useQuery(categoryQueryOptions(categoryId));
}
