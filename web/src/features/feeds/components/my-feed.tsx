// My Feed (`/home`, and `/` when signed in; spec §2): with no feeds, the welcome block; otherwise the
// extension banner and every followed feed's items, newest first, the past 24 hours on top. Also where
// `?addFeed=` lands, and where OPML files are imported and exported.
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { ItemScope } from '@/features/items/api/get-feed-items';
import { FeedItemsView } from '@/features/items/components/feed-items-view';
import { useFeeds } from '../api/get-feeds';
import { AddFeedButton } from './add-feed-button';
import { ExtensionBanner } from './extension-banner';
import { OpmlMenu } from './opml-menu';
import { SampleFeedsButton } from './sample-feeds-button';
import { useAddFeedLink } from './use-add-feed-link';
import { WelcomeBlock } from './welcome-block';

export const HOME_SCOPE: ItemScope = {};

type MyFeedProps = { userId: number; credits: number; onRewrite: (item: FeedItem) => void };

export function MyFeed({ userId, credits, onRewrite }: MyFeedProps) {
  useAddFeedLink();
  const feeds = useFeeds();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');

  if (feeds.data?.length === 0) {
    return (
      <>
        <PageHeader title="My Feed" description="Your feeds' newest items will appear here." />
        <WelcomeBlock
          secondaryAction={
            <>
              <SampleFeedsButton size="lg" />
              <OpmlMenu />
            </>
          }
        />
      </>
    );
  }

  return (
    <div className="grid gap-6">
      {feeds.data ? <ExtensionBanner /> : null}
      <FeedItemsView
        userId={userId}
        scope={HOME_SCOPE}
        dateFilter={dateFilter}
        onDateFilterChange={setDateFilter}
        groupRecent
        heading={<h1 className="text-2xl font-bold tracking-tight">My Feed</h1>}
        actions={
          <>
            <AddFeedButton variant="outline" />
            <OpmlMenu />
          </>
        }
        credits={credits}
        onRewrite={onRewrite}
      />
    </div>
  );
}
