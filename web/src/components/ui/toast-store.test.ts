import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, subscribeToToasts, TOAST_LIMIT, toast, toastApiError } from './toast-store';

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

  it("shows a failed request's own message, else the page's fallback words", () => {
    toastApiError(
      new Error('409: {"message":"You already follow this feed"}'),
      'Error adding feed',
      'Please try again.',
    );
    expect(getToasts()[0]).toMatchObject({
      variant: 'destructive',
      title: 'Error adding feed',
      description: 'You already follow this feed',
    });

    toastApiError(new Error('502: <html>Bad gateway</html>'), 'Login failed', 'Invalid username or password');
    expect(getToasts()[0]).toMatchObject({ title: 'Login failed', description: 'Invalid username or password' });
  });
});
