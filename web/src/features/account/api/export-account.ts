// The export of everything the person made (issue 29): POST /api/users/me/exports asks for it, a queued
// job writes the JSON file and emails a link that works for 24 hours, and GET /api/users/me/exports
// lists the file ready to download while that link lasts.
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** A finished export: its signed link, until when it works, and its size in bytes. */
export type AccountExport = { id: string; createdAt: string; expiresAt: string; bytes: number; url: string };

/** The answer to asking for one: it is being prepared; `message` says what happens next. */
export type ExportQueued = { id: string; status: 'preparing'; message: string };

export async function getExports(): Promise<AccountExport[]> {
  return (await client.users.me.exports.$get()).json();
}

/** While an export is being prepared (`waitingFor`), the list is asked again every few seconds. */
export function exportsQueryOptions(waitingFor: string | null = null) {
  return queryOptions({
    queryKey: userKeys.exports(),
    queryFn: getExports,
    refetchInterval: (query) =>
      waitingFor && !query.state.data?.some((ready) => ready.id === waitingFor) ? 3_000 : false,
  });
}

export function useExports(waitingFor: string | null) {
  return useQuery(exportsQueryOptions(waitingFor));
}

export async function requestExport(): Promise<ExportQueued> {
  const response = await client.users.me.exports.$post();
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? 'The export could not be started');
  }
  return (await response.json()) as ExportQueued;
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...userKeys.exports(), 'request'], mutationFn: requestExport }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.exports() }),
  });
}
