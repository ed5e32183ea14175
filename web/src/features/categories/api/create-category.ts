// POST /api/categories {name} → 201 {id, name}; 409 when a category of that name exists.
import type { Category } from '@contracts/feeds';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

export async function createCategory(input: { name: string }): Promise<Category> {
  const category: Category = await client.categories.$post({ json: input }).then((response) => response.json());
  if (!category || typeof category !== 'object' || typeof category.id !== 'number') {
    throw new Error('Invalid category response');
  }
  return category;
}

export function createCategoryMutationOptions() {
  return mutationOptions({ mutationKey: ['categories', 'create'], mutationFn: createCategory });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createCategoryMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all() }),
  });
}
