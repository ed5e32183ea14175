import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, subscribeToToasts, TOAST_LIMIT, toast } from './toast-store';

afterEach(() => dismissToast());

describe('toasts', () => {
  it('shows at most one toast: a new one replaces the previous', () => {
    toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
    toast({ title: 'Login successful', description: 'You have been logged in successfully.' });

    expect(TOAST_LIMIT).toBe(1);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Login successful', variant: 'default' });
  });

  it('notifies subscribers and dismisses by id', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);

    const id = toast({ title: 'Logged out' });
    dismissToast(id);

    expect(listener).toHaveBeenCalledTimes(2);
    expect(getToasts()).toEqual([]);
    unsubscribe();
  });
});
