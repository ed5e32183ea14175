// The toast queue (spec §4, §9): at most one toast is visible, a new one replaces the old, and each
// stays 5000 ms unless dismissed. Plain module state, so any code (mutations, loaders) can raise a toast.
import { apiErrorMessage } from '@/lib/api-client';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type Toast = Required<Pick<ToastInput, 'title' | 'variant'>> & { id: number; description?: string };

const CARRIED_KEY = 'feedloom.toasts-after-reload';

/** The toasts a page put aside for this one when it loaded it (carryToastsOverReload); read once. */
function carriedToasts(): readonly Toast[] {
  try {
    const text = window.sessionStorage.getItem(CARRIED_KEY);
    window.sessionStorage.removeItem(CARRIED_KEY);
    return text ? (JSON.parse(text) as Toast[]).slice(0, TOAST_LIMIT) : [];
  } catch {
    return [];
  }
}

let toasts: readonly Toast[] = carriedToasts();
let nextId = Math.max(0, ...toasts.map((item) => item.id)) + 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast({ title, description, variant = 'default' }: ToastInput): number {
  const id = nextId++;
  emit([{ id, title, description, variant }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id?: number): void {
  emit(id === undefined ? [] : toasts.filter((item) => item.id !== id));
}

/**
 * Keeps the visible toast for the page the browser loads next, when the app moves on by loading a page
 * (the login's redirect): "Login successful" was lost in that reload, and the page it led to showed its
 * own warning instead (issue 33).
 */
export function carryToastsOverReload(): void {
  try {
    window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify(toasts));
  } catch {
    // No session storage: the toast stays with this page only.
  }
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The toast a failed request raises: the server's own message when it sent one (`{ message }`), else the
 * page's fallback words, which the spec gives per action.
 */
export function toastApiError(error: unknown, title: string, fallback?: string): void {
  toast({ variant: 'destructive', title, description: apiErrorMessage(error) ?? fallback });
}
