// Whether the add-feed dialog is open, and with which URL. Module state, so the sidebar's Add Feed button,
// the welcome block and the `?addFeed=` deep link all open the one dialog the app shell renders.
import { useSyncExternalStore } from 'react';

export type AddFeedDialogState = { open: boolean; url: string; openCount: number };

let state: AddFeedDialogState = { open: false, url: '', openCount: 0 };
const listeners = new Set<() => void>();

function emit(next: AddFeedDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openAddFeedDialog(url = ''): void {
  emit({ open: true, url, openCount: state.openCount + 1 });
}

export function closeAddFeedDialog(): void {
  if (state.open) emit({ ...state, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAddFeedDialogState(): AddFeedDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
