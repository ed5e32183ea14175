// GET /api/categories → [{id, name}]: the choices of the add-feed dialog's category select.
import type { Category } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

export function getCategories(): Promise<Category[]> {
  return client.categories.$get().then((response) => response.json());
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
