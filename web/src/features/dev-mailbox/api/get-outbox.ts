// GET /api/dev/outbox (development only; 404 elsewhere): the emails the outbox transport kept, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { devKeys } from '@/lib/query-keys';

export type OutboxEmail = {
  id: number;
  to: string;
  subject: string;
  /** Null for a mail sent with an HTML body only. */
  text: string | null;
  html: string | null;
  createdAt: string;
};

export function getOutbox(): Promise<OutboxEmail[]> {
  return client.dev.outbox.$get().then((response) => response.json());
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: devKeys.outbox(), queryFn: getOutbox, staleTime: 0 });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
