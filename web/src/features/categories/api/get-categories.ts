// GET /api/categories → [{id, name}]: the choices of the add-feed dialog's category select.
import type { Category } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

export function getCategories(): Promise<Category[]> {
  return api.get<Category[]>('/api/categories');
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
