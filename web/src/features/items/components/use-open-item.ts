// The open article lives in the address: `?item=<id>` on the list's own page. Opening pushes a history
// entry, so Back closes the article and a reload or a shared link opens it again; moving to the next or
// previous item replaces that entry, so one Back still returns to the list.
import type { FeedItem } from '@contracts/feeds';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFeedItem } from '../api/get-feed-item';

const ITEM_PARAM = 'item';

type OpenedHere = { openedItemHere?: boolean } | null;

/** The item id of `?item=`, or null when absent or not a positive integer. */
export function parseItemParam(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export function useOpenItem(items: FeedItem[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = parseItemParam(searchParams.get(ITEM_PARAM));
  const listed = openId === null ? undefined : items.find((item) => item.id === openId);
  const fetched = useFeedItem(openId, openId !== null && listed === undefined);
  const openItem = listed ?? (fetched.data?.id === openId ? fetched.data : null) ?? null;
  const openIndex = listed ? items.indexOf(listed) : -1;

  const withItem = (itemId: number | null) => (params: URLSearchParams) => {
    const next = new URLSearchParams(params);
    if (itemId === null) next.delete(ITEM_PARAM);
    else next.set(ITEM_PARAM, String(itemId));
    return next;
  };

  return {
    openItem,
    openIndex,
    /** A link to an item that does not exist (or is someone else's) answers 404: the list shows alone. */
    openFailed: fetched.isError,
    open: (item: FeedItem) =>
      setSearchParams(withItem(item.id), { state: { openedItemHere: true } satisfies OpenedHere }),
    show: (item: FeedItem) => setSearchParams(withItem(item.id), { replace: true, state: location.state }),
    close: () => {
      if ((location.state as OpenedHere)?.openedItemHere) navigate(-1);
      else setSearchParams(withItem(null), { replace: true });
    },
  };
}
