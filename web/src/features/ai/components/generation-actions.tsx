// The buttons on a generation: copy its text, email it, draw a new image (spec §2, §8 toasts), and save
// the image as a .jpg (spec §9).
import type { Generation } from '@contracts/ai';
import { buttonClasses, PendingButton } from '@/components/ui/button';
import { CopyButton as CopyTextButton } from '@/components/ui/copy-button';
import { DownloadIcon, MailIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { sanitizeGenerationHtml } from '@/lib/sanitize-html';
import { useEmailGeneration } from '../api/email-generation';
import { useRegenerateImage } from '../api/regenerate-image';
import { generationText } from './generation-text';
import { RefreshIcon } from './icons';

/** Copies the generation as plain text (what people paste into a post); reads "Copied" for 2 s. */
export function CopyButton({ html }: { html: string }) {
  return <CopyTextButton text={() => generationText(sanitizeGenerationHtml(html))} />;
}

export function EmailButton({ generation }: { generation: Generation }) {
  const email = useEmailGeneration();
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={email.isPending}
      pendingLabel="Sending..."
      icon={<MailIcon />}
      onClick={() =>
        email.mutate(generation.id, {
          onSuccess: (result) => toast({ title: 'Email sent', description: `Sent to ${result.to}.` }),
          onError: (error) =>
            toastApiError(error, 'Error sending email', 'The email could not be sent. Please try again.'),
        })
      }
    >
      Email
    </PendingButton>
  );
}

export function RegenerateButton({ generation }: { generation: Generation }) {
  const regenerate = useRegenerateImage();
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={regenerate.isPending}
      pendingLabel="Regenerating..."
      icon={<RefreshIcon />}
      disabled={generation.status === 'pending'}
      onClick={() =>
        regenerate.mutate(generation.id, {
          onSuccess: (result) =>
            toast({
              title: 'Image regenerated',
              description: 'content' in result ? 'The new image is ready.' : 'The new image will appear in a moment.',
            }),
          onError: (error) =>
            toastApiError(error, 'Error regenerating image', 'The image could not be regenerated. Please try again.'),
        })
      }
    >
      Regenerate image
    </PendingButton>
  );
}

/** The file name a downloaded image is saved under: the title in words, always `.jpg` (spec §9). */
export function imageFileName(generation: Pick<Generation, 'id' | 'title'>): string {
  const slug = generation.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || `feedloom-image-${generation.id}`}.jpg`;
}

/** Saves the generation's image (same-origin, so the browser honours the file name). */
export function DownloadImageButton({ generation }: { generation: Generation }) {
  if (!generation.imageUrl) return null;
  return (
    <a
      href={generation.imageUrl}
      download={imageFileName(generation)}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
    >
      <DownloadIcon /> Download image
    </a>
  );
}
