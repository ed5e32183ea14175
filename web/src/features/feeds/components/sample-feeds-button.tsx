// "Add sample feeds" (development only): follows the real feeds the development server ships and
// serves itself, so a new clone shows a working reader with no internet. Renders nothing unless the
// server answers GET /api/dev/sample-feeds, which only a development server does.
import { type ButtonSize, type ButtonVariant, PendingButton } from '@/components/ui/button';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useAddSampleFeeds, useSampleFeeds } from '../api/sample-feeds';

type SampleFeedsButtonProps = { variant?: ButtonVariant; size?: ButtonSize; onAdded?: () => void };

export function SampleFeedsButton({ variant = 'outline', size, onAdded }: SampleFeedsButtonProps) {
  const samples = useSampleFeeds();
  const add = useAddSampleFeeds();
  if (!samples.isSuccess) return null;

  const onClick = async () => {
    try {
      const { followed } = await add.mutateAsync();
      toast({
        title: 'Sample feeds added',
        description:
          followed === 0 ? 'You already follow every sample feed.' : `You now follow ${followed} sample feeds.`,
      });
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
