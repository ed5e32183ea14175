// The toast queue (spec §4, §9): at most one toast is visible, a new one replaces the old, and each
// stays 5000 ms unless dismissed. Plain module state, so any code (mutations, loaders) can raise a toast.
import { apiErrorMessage } from '@/lib/api-client';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type Toast = Required<Pick<ToastInput, 'title' | 'variant'>> & { id: number; description?: string };

let toasts: readonly Toast[] = [];
let nextId = 1;
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
