// The warning of spec §8 when the AI keys are not both configured: once per browser session, on the pages
// that produce AI content. It waits until no other toast is showing (one toast at a time, spec §4), so it
// never hides a "Success" or "Preferences saved".
import type { HasApiKeys } from '@contracts/ai';
import { useEffect } from 'react';
import { getToasts, subscribeToToasts, type ToastInput, toast } from '@/components/ui/toast-store';
import { useApiKeys } from '../api/get-api-keys';

export const API_KEYS_WARNED_KEY = 'feedloom.ai-keys-warned';

export function apiKeysWarning(keys: HasApiKeys): ToastInput | null {
  if (keys.openrouter && keys.replicate) return null;
  if (!keys.openrouter) {
    return {
      title: 'AI keys are not configured',
      description: keys.replicate
        ? "Using Feedloom's offline model for text."
        : "Using Feedloom's offline model for text, and images are turned off.",
    };
  }
  return { title: 'Image key is not configured', description: 'Visual content is generated without images.' };
}

let warnedInMemory = false;

function claimWarning(): boolean {
  try {
    if (window.sessionStorage.getItem(API_KEYS_WARNED_KEY)) return false;
    window.sessionStorage.setItem(API_KEYS_WARNED_KEY, '1');
  } catch {
    // No session storage: remember it for this page load only.
  }
  if (warnedInMemory) return false;
  warnedInMemory = true;
  return true;
}

function toastWhenQuiet(input: ToastInput) {
  if (getToasts().length === 0) {
    toast(input);
    return;
  }
  const unsubscribe = subscribeToToasts(() => {
    if (getToasts().length > 0) return;
    unsubscribe();
    toast(input);
  });
}

export function ApiKeysWarning() {
  const { data } = useApiKeys();
  useEffect(() => {
    const warning = data ? apiKeysWarning(data) : null;
    if (warning && claimWarning()) toastWhenQuiet(warning);
  }, [data]);
  return null;
}
