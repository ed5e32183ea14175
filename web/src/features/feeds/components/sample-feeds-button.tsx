// "Add sample feeds" (development only): follows the real feeds the development server ships and
// serves itself, so a new clone shows a working reader with no internet. Renders nothing unless the
// server answers GET /api/dev/sample-feeds, which only a development server does, nor once the plan has
// no room for a sample: the samples leave one of the plan's places for a feed of the person's own.
import { type ButtonSize, type ButtonVariant, PendingButton } from '@/components/ui/button';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFeedCount } from '../api/get-feed-count';
import { type SampleFeedsAdded, useAddSampleFeeds, useSampleFeeds } from '../api/sample-feeds';

function addedText({ followed, skipped }: SampleFeedsAdded) {
  if (followed === 0 && skipped === 0) return 'You already follow every sample feed.';
  const room = skipped > 0 ? ' One place of your plan stays free for a feed of your own.' : '';
  if (followed === 0) return `Your plan has no room for more sample feeds.${room}`;
  return `You now follow ${followed} sample ${followed === 1 ? 'feed' : 'feeds'}.${room}`;
}

type SampleFeedsButtonProps = { variant?: ButtonVariant; size?: ButtonSize; onAdded?: () => void };

export function SampleFeedsButton({ variant = 'outline', size, onAdded }: SampleFeedsButtonProps) {
  const samples = useSampleFeeds();
  const add = useAddSampleFeeds();
  const count = useFeedCount({ enabled: samples.isSuccess });
  if (!samples.isSuccess || !count.data) return null;
  if (count.data.count + 1 >= count.data.maxFeeds) return null;

  const onClick = async () => {
    try {
      const added = await add.mutateAsync();
      toast({ title: 'Sample feeds added', description: addedText(added) });
      onAdded?.();
    } catch (error) {
      toastApiError(error, 'Error adding feed');
    }
  };

  return (
    <PendingButton
      variant={variant}
      size={size}
      pending={add.isPending}
      pendingLabel="Adding sample feeds..."
      onClick={() => void onClick()}
      title={samples.data.feeds.map((feed) => feed.name).join(', ')}
    >
      Add sample feeds
    </PendingButton>
  );
}
