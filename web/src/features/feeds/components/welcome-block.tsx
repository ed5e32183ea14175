// My Feed with no feeds yet (spec §2): a welcome block with "Add Your First Feed", and a welcome toast.
// The toast waits for the toast area to be free, so it does not push "Login successful" away (spec §4
// allows one toast at a time).
import { type ReactNode, useEffect } from 'react';
import { RssIcon } from '@/components/ui/icons';
import { getToasts, subscribeToToasts, toast } from '@/components/ui/toast-store';
import { AddFeedButton } from './add-feed-button';

let welcomed = false;

function useWelcomeToast() {
  useEffect(() => {
    if (welcomed) return;
    const show = () => {
      if (welcomed || getToasts().length > 0) return false;
      welcomed = true;
      toast({ title: 'Welcome to Feedloom!', description: 'Add your first feed to start reading.' });
      return true;
    };
    if (show()) return;
    const unsubscribe = subscribeToToasts(() => {
      if (show()) unsubscribe();
    });
    return unsubscribe;
  }, []);
}

export function WelcomeBlock({ secondaryAction }: { secondaryAction?: ReactNode }) {
  useWelcomeToast();
  return (
    <section
      aria-labelledby="welcome-heading"
      className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center"
    >
      <span className="grid size-14 place-items-center rounded-full bg-primary-soft text-primary">
        <RssIcon className="size-7" />
      </span>
      <h2 id="welcome-heading" className="text-xl font-semibold">
        Welcome to Feedloom
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Follow the blogs, news sites and newsletters you read. Their newest items appear here, and AI can summarise or
        rewrite them for you.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <AddFeedButton label="Add Your First Feed" size="lg" />
        {secondaryAction}
      </div>
    </section>
  );
}
