// The search box of the top bar (issue 14). A search lives in the address (`?q=`) of the list it searches:
// on a feed, category or Starred page it searches that list, anywhere else all of My Feed. "/" focuses it
// from anywhere but a field being typed in.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { isIgnoredKeyEvent } from './use-item-keyboard';

export const SEARCH_PARAM = 'q';
export const SEARCH_SHORTCUT = { key: '/', label: 'Search your items' };

/** Pages whose list a search narrows; elsewhere a search opens My Feed. */
const LIST_PAGES = /^\/(home|starred|feed\/\d+|category\/\d+)$/;

export function searchAddress(pathname: string, text: string) {
  const list = LIST_PAGES.test(pathname) ? pathname : paths.home;
  return text ? `${list}?${new URLSearchParams({ [SEARCH_PARAM]: text })}` : list;
}

export function SearchBox({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const current = searchParams.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(current);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setText(current), [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || isIgnoredKeyEvent(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchAddress(location.pathname, text.trim()));
  };

  return (
    <search className={cn('min-w-0', className)}>
      <form onSubmit={submit} className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          ref={input}
          type="search"
          name="q"
          aria-label="Search items"
          placeholder="Search"
          maxLength={300}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-9 w-full rounded-md border border-input bg-background pr-2 pl-8 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
      </form>
    </search>
  );
}
