// Generate Summary (spec §2, §4, §8, §9) on the feed and category pages: asks for an AI summary of the
// scope's items in the chosen language and date range. On success a toast, the generations list is
// refreshed and, 500 ms later, the person goes to /ai-generated; the label reads "Generating..." meanwhile.
import type { Language } from '@contracts/ai';
import type { DateFilter } from '@contracts/feeds';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PendingButton } from '@/components/ui/button';
import { SparklesIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { type SummaryScope, useGenerateSummary } from '../api/generate-summary';

export const SUMMARY_REDIRECT_DELAY_MS = 500;

export function GenerateSummaryButton({
  scope,
  language,
  dateFilter,
}: {
  scope: SummaryScope;
  language: Language;
  dateFilter: DateFilter;
}) {
  const summary = useGenerateSummary();
  const navigate = useNavigate();
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const onClick = () => {
    summary.mutate(
      { scope, language, dateFilter },
      {
        onSuccess: () => {
          toast({
            title: 'Summary generation started',
            description: 'The summary will appear in the AI-generated content.',
          });
          redirect.current = window.setTimeout(() => navigate(paths.aiGenerated), SUMMARY_REDIRECT_DELAY_MS);
        },
        onError: (error) =>
          toastApiError(
            error,
            'Failed to generate summary',
            'There was an error generating your summary. Please try again.',
          ),
      },
    );
  };

  return (
    <PendingButton
      onClick={onClick}
      pending={summary.isPending}
      pendingLabel="Generating..."
      icon={<SparklesIcon />}
      disabled={!language}
    >
      Generate Summary
    </PendingButton>
  );
}
