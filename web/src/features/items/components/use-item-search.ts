// The search a list shows, read from its address: `?q=` (search-box.tsx) and `?order=relevance` (best
// match first, a choice of this search only; the list's own order is remembered in list settings).
import { useSearchParams } from 'react-router';
import { SEARCH_PARAM } from './search-box';

const ORDER_PARAM = 'order';

export function useItemSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = (searchParams.get(SEARCH_PARAM) ?? '').trim();
  const change = (edit: (params: URLSearchParams) => void) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        edit(next);
        return next;
      },
      { replace: true },
    );
  return {
    /** The words searched for; undefined when the list is not searched. */
    text: text || undefined,
    byRelevance: text !== '' && searchParams.get(ORDER_PARAM) === 'relevance',
    setByRelevance: (on: boolean) =>
      change((params) => (on ? params.set(ORDER_PARAM, 'relevance') : params.delete(ORDER_PARAM))),
    clear: () =>
      change((params) => {
        params.delete(SEARCH_PARAM);
        params.delete(ORDER_PARAM);
      }),
  };
}
