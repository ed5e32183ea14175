// GET /api/feed-items/unread-count: My Feed's unread count, in stories (issue 24). Not the sum of the
// sidebar's categories: a story told in two categories is one unread story there, two in that sum.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

export function getMyFeedUnreadCount(): Promise<number> {
  return client['feed-items']['unread-count']
    .$get()
    .then((response) => response.json())
    .then((body) => body.count);
}

export function myFeedUnreadCountQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.myFeedUnread(), queryFn: getMyFeedUnreadCount });
}

export function useMyFeedUnreadCount() {
  return useQuery(myFeedUnreadCountQueryOptions());
}
