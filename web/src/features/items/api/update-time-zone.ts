// PATCH /api/users/me {timezone}: the browser reports its IANA time zone once per session, so the date
// filters ("Today", "Yesterday", …) follow the person's own clock on the server.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { client } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';
import { browserTimeZone } from '@/lib/time-zone';
import type { FeedItemsParams } from './get-feed-items';

const SESSION_KEY = 'feedloom:time-zone-sent';

export function updateTimeZone(timezone: string): Promise<unknown> {
  return client.users.me.$patch({ json: { timezone } }).then((response) => response.json());
}

export function updateTimeZoneMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'timezone'], mutationFn: updateTimeZone });
}

function readSent(): string | null {
  try {
    return sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function writeSent(value: string) {
  try {
    sessionStorage.setItem(SESSION_KEY, value);
  } catch {
    // Storage disabled: it is sent again on the next load, which is harmless.
  }
}

/** Sends the time zone once per session and user; date-filtered lists then refetch in that zone. */
export function useSyncTimeZone(userId: number): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    ...updateTimeZoneMutationOptions(),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: itemKeys.lists(),
        predicate: (query) => (query.queryKey[2] as FeedItemsParams | undefined)?.dateFilter !== 'none',
      }),
  });

  useEffect(() => {
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    const marker = `${userId}:${timeZone}`;
    if (readSent() === marker) return;
    writeSent(marker);
    mutate(timeZone);
  }, [userId, mutate]);
}
