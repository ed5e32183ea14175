// My Feed (`/home`, and `/` when signed in; spec §2): with no feeds, the welcome block; otherwise the
// extension banner above every followed feed's items (the items feature's list, given by the route as
// `children`, with `MyFeedActions` beside its title). Also where `?addFeed=` lands, and where OPML files
// are imported and exported.
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useFeeds } from '../api/get-feeds';
import { AddFeedButton } from './add-feed-button';
import { ExtensionBanner } from './extension-banner';
import { OpmlMenu } from './opml-menu';
import { SampleFeedsButton } from './sample-feeds-button';
import { useAddFeedLink } from './use-add-feed-link';
import { WelcomeBlock } from './welcome-block';

export function MyFeed({ children }: { children: ReactNode }) {
  useAddFeedLink();
  const feeds = useFeeds();

  if (feeds.data?.length === 0) {
    return (
      <>
        <PageHeader title="My Feed" description="Your feeds' newest items will appear here." />
        <WelcomeBlock
          secondaryAction={
            <>
              <SampleFeedsButton size="lg" />
              <OpmlMenu size="lg" />
            </>
          }
        />
      </>
    );
  }

  // The banner is there from the first frame, not once the feeds are known: the list below renders
  // meanwhile, and a banner arriving later pushed its toolbar and first items 124 px down under the
  // reader's eyes (caught by e2e/new-user's toolbar check, once in 25 loads). Someone without feeds sees
  // it, with the list's loading state, only until the welcome block replaces both.
  return (
    <div className="grid gap-6">
      <ExtensionBanner />
      {children}
    </div>
  );
}

/** Add Feed and the OPML menu, beside My Feed's title. */
export function MyFeedActions() {
  return (
    <>
      <AddFeedButton variant="outline" />
      <OpmlMenu />
    </>
  );
}
