// /ai-generated (spec §2): summaries, digests and rewrites. The empty state links to preferences.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SparklesIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';

export function AiGeneratedPage() {
  return (
    <>
      <PageHeader title="AI Generated Content" description="Summaries, digests and rewrites made from your feeds." />
      <EmptyState
        icon={<SparklesIcon />}
        title="No AI-generated content yet"
        description="Set your AI preferences to receive scheduled digests, or use “Rewrite with AI” on any feed item."
        action={
          <Link to={paths.preferences} className={buttonClasses()}>
            Go to Preferences
          </Link>
        }
      />
    </>
  );
}
