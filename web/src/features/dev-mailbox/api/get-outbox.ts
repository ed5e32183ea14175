// GET /api/dev/outbox (development only; 404 elsewhere): the emails the outbox transport kept, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { devKeys } from '@/lib/query-keys';

export type OutboxEmail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

export function getOutbox(): Promise<OutboxEmail[]> {
  return api.get<OutboxEmail[]>('/api/dev/outbox');
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: devKeys.outbox(), queryFn: getOutbox, staleTime: 0 });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
