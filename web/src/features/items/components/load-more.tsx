// The end of a list that loads more: the next page comes when it scrolls near the viewport (infinite
// scroll); its button is the fallback.
import { type ReactNode, useEffect, useRef } from 'react';

/** Calls `onVisible` when it scrolls near the viewport (infinite scroll); its button is the fallback. */
export function LoadMore({ onVisible, children }: { onVisible: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center">
      {children}
    </div>
  );
}
