// A dropdown built as a disclosure: a button with aria-expanded shows a panel of ordinary links and
// buttons (so "Logout" stays a button to assistive technology). Arrow keys, Home and End move between the
// entries; Escape closes and returns focus to the trigger; a click outside or tabbing away closes it.
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

const MenuContext = createContext<{ close: () => void }>({ close: () => {} });

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:outline-none [&_svg]:size-4 [&_svg]:text-muted-foreground';

type DropdownMenuProps = {
  /**
   * The trigger's accessible name, for a trigger without text of its own. A trigger that shows text
   * names itself (its name must contain what it shows: WCAG 2.5.3 Label in Name).
   */
  label?: string;
  trigger: ReactNode;
  triggerClassName?: string;
  contentClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
};

export function DropdownMenu({
  label,
  trigger,
  triggerClassName,
  contentClassName,
  align = 'end',
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const contentId = useId();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const items = () => Array.from(contentRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);
    items()[0]?.focus();

    const isOutside = (target: EventTarget | null) => target instanceof Node && !root?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
        return;
      }
      // Only keys pressed inside the panel: the ArrowDown that opened it is still bubbling to document.
      if (!(event.target instanceof Node) || !contentRef.current?.contains(event.target)) return;
      const list = items();
      const index = list.indexOf(document.activeElement as HTMLElement);
      if (index === -1) return;
      const focusAt = (next: number) => list.at(next % list.length)?.focus();
      if (event.key === 'ArrowDown') focusAt(index + 1);
      else if (event.key === 'ArrowUp') focusAt(index - 1);
      else if (event.key === 'Home') focusAt(0);
      else if (event.key === 'End') focusAt(-1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={contentRef}
          id={contentId}
          className={cn(
            'absolute z-50 mt-2 w-56 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            contentClassName,
          )}
        >
          <MenuContext value={{ close }}>{children}</MenuContext>
        </div>
      ) : null}
    </div>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />;
}

export function DropdownMenuSeparator() {
  return <hr className="-mx-1 my-1 border-border" />;
}

export function DropdownMenuLink({ className, onClick, ...props }: LinkProps) {
  const { close } = useContext(MenuContext);
  return (
    <Link
      data-menu-item=""
      className={cn(itemClasses, className)}
      onClick={(event) => {
        onClick?.(event);
        close();
      }}
      {...props}
    />
  );
}

export function DropdownMenuButton({
  className,
  onSelect,
  ...props
}: Omit<ComponentProps<'button'>, 'onSelect'> & { onSelect: () => void }) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      data-menu-item=""
      className={cn(itemClasses, className)}
      onClick={() => {
        close();
        onSelect();
      }}
      {...props}
    />
  );
}
