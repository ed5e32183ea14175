// Where toasts appear (spec §9): 5000 ms each (paused while hovered or focused), swipe right 50 px to
// dismiss, F8 moves focus to the region, at most 420 px wide from md up. Destructive toasts are alerts;
// the others are polite status messages. They sit at the bottom on every screen: at the top of a phone
// they covered the header (issue 27).
import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { XIcon } from './icons';
import { dismissToast, getToasts, subscribeToToasts, TOAST_DURATION_MS, type Toast } from './toast-store';

export const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol
        ref={regionRef}
        tabIndex={-1}
        aria-live="polite"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    // A press on the Close button is a click, not a swipe. Its X icon is an SVG element, not an HTMLElement:
    // checked as one, a press on the icon captured the pointer and the button never got its click (issue 33).
    if (event.target instanceof Element && event.target.closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  const destructive = toast.variant === 'destructive';
  // The live role sits on the text inside the list item: an <li> whose role is not listitem breaks the list.
  return (
    // Focus and Escape reach the item from its Close button, so the item itself needs no tab stop.
    <li
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(toast.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      className={cn(
        'pointer-events-auto relative flex w-full touch-pan-y items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg select-none',
        offset === 0 && 'transition-transform',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-card text-foreground',
      )}
    >
      <div role={destructive ? 'alert' : 'status'} aria-atomic="true" className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(toast.id)}
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <XIcon className="size-4" />
      </button>
    </li>
  );
}
