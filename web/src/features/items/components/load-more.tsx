// The end of a list that loads more: the next page comes when it scrolls near the viewport (infinite
// scroll); its button is the fallback. A page can come back short, even empty (a search reads a bounded
// window of rows a page: db/search.ts), and leave this still in view: it looks again after every page,
// so the list goes on loading until it fills the screen or ends.
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when it scrolls near the viewport (infinite scroll), and again after each page
 * (`loadedPages` changed) while it is still near it; its button is the fallback.
 */
export function LoadMore({
  onVisible,
  loadedPages,
  children,
}: {
  onVisible: () => void;
  loadedPages: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page is why it observes again
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    // Observing reports where it stands at once: in view after a page, it asks for the next.
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadedPages]);
  return (
    <div ref={ref} className="flex justify-center">
      {children}
    </div>
  );
}
