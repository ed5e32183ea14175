// PATCH /api/categories/{id} {name} renames a category (409 when the person has one of that name);
// DELETE /api/categories/{id} removes it, and its feeds move to General. Either way the sidebar, the
// category lists and the feeds (whose category badge changes) refresh, by their keys.
import type { Category } from '@contracts/feeds';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys, feedKeys } from '@/lib/query-keys';

export function renameCategory(input: { categoryId: number; name: string }): Promise<Category> {
  return client.categories[':categoryId']
    .$patch({ param: { categoryId: String(input.categoryId) }, json: { name: input.name } })
    .then((response) => response.json());
}

export function deleteCategory(categoryId: number): Promise<{ message: string }> {
  return client.categories[':categoryId']
    .$delete({ param: { categoryId: String(categoryId) } })
    .then((response) => response.json());
}

function refreshCategories(queryClient: QueryClient, leaving?: number) {
  if (leaving !== undefined) {
    // The deleted category's page is being left: refetching it now would show a 404.
    queryClient.removeQueries({ queryKey: categoryKeys.detail(leaving) });
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoryKeys.all() }),
    // A feed's category badge changes too.
    queryClient.invalidateQueries({ queryKey: feedKeys.all() }),
  ]);
}

export function renameCategoryMutationOptions() {
  return mutationOptions({ mutationKey: ['categories', 'rename'], mutationFn: renameCategory });
}

export function deleteCategoryMutationOptions() {
  return mutationOptions({ mutationKey: ['categories', 'delete'], mutationFn: deleteCategory });
}

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({ ...renameCategoryMutationOptions(), onSuccess: () => refreshCategories(queryClient) });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteCategoryMutationOptions(),
    onSuccess: (_result, categoryId) => refreshCategories(queryClient, categoryId),
  });
}
