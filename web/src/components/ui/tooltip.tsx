// The one tooltip, for icon-only buttons (spec §9: tooltip delay 700 ms). The tooltip's text is the
// button's accessible name (aria-labelledby), so what sighted people read on hover and what a screen
// reader announces can never differ. It appears 700 ms after the pointer rests on the button or the
// keyboard focuses it, stays while the pointer is over the button, and Escape hides it (WCAG 1.4.13).
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';

export const TOOLTIP_DELAY_MS = 700;

type TooltipButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'children' | 'title'> & {
  /** The button's name, shown as its tooltip. */
  label: string;
  /** The icon; decorative, since the label names the button. */
  icon: ReactNode;
};

export function TooltipButton({ label, icon, variant = 'ghost', size = 'icon', ...buttonProps }: TooltipButtonProps) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const show = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Escape hides it wherever focus is, so a hovering pointer need not move (WCAG 1.4.13 "dismissible").
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <span className="relative inline-flex">
      <Button
        variant={variant}
        size={size}
        aria-labelledby={tooltipId}
        {...buttonProps}
        onPointerEnter={show}
        onPointerLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        <span aria-hidden="true" className="contents">
          {icon}
        </span>
      </Button>
      <span
        role="tooltip"
        id={tooltipId}
        hidden={!open}
        className="pointer-events-none absolute top-full left-1/2 z-50 mt-2 -translate-x-1/2 rounded-md bg-foreground px-2 py-1 text-xs font-medium whitespace-nowrap text-background shadow-md"
      >
        {label}
      </span>
    </span>
  );
}
