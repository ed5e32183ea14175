// `?addFeed=<URL-encoded feed URL>` (spec §2, the browser extension's link): opens the add-feed dialog
// pre-filled, then takes the parameter out of the address bar without a history entry.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openAddFeedDialog } from './add-feed-dialog-store';

export const ADD_FEED_PARAM = 'addFeed';

export function useAddFeedLink(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = searchParams.get(ADD_FEED_PARAM);

  useEffect(() => {
    if (url === null) return;
    openAddFeedDialog(url.trim());
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_FEED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [url, setSearchParams]);
}
