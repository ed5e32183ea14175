// Rewrite with AI (spec §4, §5, §8, §9): turns one feed item into content for a platform. The dialog lists
// the platforms with their cost, the rewrite languages and the models; the choices are remembered in this
// browser. The button stays disabled while the credits are below the chosen platform's cost. On success:
// "Success", and the result in the dialog with a link to AI Generated, so the person keeps their place in
// the list (issue 27; the spec goes to /ai-generated, docs/deviations.md); on failure: "Rewrite failure"
// with the server's message. The languages are the one list of 45 (spec §3). With no AI key set, the
// model list says the offline model answers, rather than offering models that would not be asked.
import {
  LANGUAGES,
  type PendingGeneration,
  REWRITE_MODELS,
  REWRITE_PLATFORMS,
  type RewriteResult,
  rewritePlatform,
} from '@contracts/ai';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, PendingButton } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SparklesIcon } from '@/components/ui/icons';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { useCredits } from '../api/get-credits';
import { useRewriteItem } from '../api/rewrite-item';
import { GenerationContent } from './generation-card';
import {
  creditsLabel,
  loadRewriteSettings,
  type RewriteLanguage,
  type RewriteModelId,
  type RewriteSettings,
  rewriteBlocker,
  saveRewriteSettings,
} from './rewrite-settings';

export type RewriteItem = { id: number; title: string };

type RewriteDialogProps = {
  item: RewriteItem | null;
  onClose: () => void;
  /** No AI key is set: Feedloom's offline model answers whatever model is chosen. */
  offline?: boolean;
};

export function RewriteDialog({ item, onClose, offline = false }: RewriteDialogProps) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Rewrite with AI"
      description={item ? <span className="line-clamp-2">{item.title}</span> : undefined}
      className="max-w-2xl"
    >
      {/* Mounted only while open, so each opening starts from the remembered settings. */}
      {item ? <RewriteForm item={item} onClose={onClose} offline={offline} /> : null}
    </Dialog>
  );
}

const OFFLINE_MODEL = 'offline';

function RewriteForm({ item, onClose, offline }: { item: RewriteItem; onClose: () => void; offline: boolean }) {
  const [settings, setSettings] = useState<RewriteSettings>(() => loadRewriteSettings());
  const [result, setResult] = useState<RewriteResult | PendingGeneration | null>(null);
  const credits = useCredits();
  const rewrite = useRewriteItem({
    onSuccess: (result) =>
      toast({
        title: 'Success',
        description:
          'content' in result
            ? 'Your rewritten content is ready in AI Generated.'
            : 'Your rewrite is in progress and will appear in AI Generated shortly.',
      }),
    onError: (error) => toastApiError(error, 'Rewrite failure', 'Failed to rewrite the article'),
  });
  const languageId = useId();
  const modelId = useId();

  const platform = rewritePlatform(settings.platform);
  const blocker = rewriteBlocker(platform, credits.data);

  const change = (next: Partial<RewriteSettings>) => {
    const updated = { ...settings, ...next };
    setSettings(updated);
    saveRewriteSettings(updated);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocker || rewrite.isPending) return;
    rewrite.mutate({ itemId: item.id, ...settings }, { onSuccess: setResult });
  };

  if (result) return <RewriteResultView result={result} onClose={onClose} />;

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Platform</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REWRITE_PLATFORMS.map((option) => {
            const upgradeNeeded = option.pro && credits.data?.isPro === false;
            return (
              <div
                key={option.id}
                className="grid gap-1 rounded-lg border border-border px-3 py-2.5 text-sm sm:py-3 transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <label className="flex cursor-pointer gap-3">
                  <input
                    type="radio"
                    name="platform"
                    value={option.id}
                    checked={settings.platform === option.id}
                    onChange={() => change({ platform: option.id })}
                    className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                  />
                  {/* One compact row on phones (the dialog then fits the screen); name, description, cost from sm up. */}
                  <span className="flex min-w-0 flex-1 items-start justify-between gap-2 sm:grid sm:content-start sm:justify-normal sm:gap-1">
                    <span className="font-medium">{option.name}</span>
                    <span className="hidden text-xs text-muted-foreground sm:block">{option.description}</span>
                    <span className="flex shrink-0 gap-1 sm:mt-1">
                      <Badge variant="secondary">{creditsLabel(option.credits)}</Badge>
                      {option.pro ? <Badge variant="outline">Pro</Badge> : null}
                    </span>
                  </span>
                </label>
                {upgradeNeeded ? (
                  <Link
                    to={paths.payment}
                    onClick={onClose}
                    className="ml-7 text-xs font-medium text-primary hover:underline"
                  >
                    Upgrade to Pro for {option.name}
                  </Link>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={languageId}>Language</Label>
          <Select
            id={languageId}
            value={settings.language}
            onChange={(event) => change({ language: event.target.value as RewriteLanguage })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={modelId}>AI model</Label>
          {offline ? (
            <Select id={modelId} value={OFFLINE_MODEL} disabled>
              <option value={OFFLINE_MODEL}>Offline model (no key set)</option>
            </Select>
          ) : (
            <Select
              id={modelId}
              value={settings.model}
              onChange={(event) => change({ model: event.target.value as RewriteModelId })}
            >
              {REWRITE_MODELS.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.name}
                </option>
              ))}
            </Select>
          )}
        </div>
      </div>

      <div className="grid gap-3 border-t border-border pt-4 sm:flex sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {credits.data ? (
            <>
              You have <span className="font-semibold text-foreground">{creditsLabel(credits.data.credits)}</span>
              {blocker ? (
                <>
                  . <span className="text-destructive">{blocker}</span>{' '}
                  <Link to={paths.payment} onClick={onClose} className="font-medium text-primary hover:underline">
                    {credits.data.isPro ? 'Get credits' : 'Upgrade'}
                  </Link>
                </>
              ) : (
                '.'
              )}
            </>
          ) : credits.isError ? (
            'Could not load your credits.'
          ) : (
            'Checking your credits…'
          )}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton
            type="submit"
            pending={rewrite.isPending}
            pendingLabel="Rewriting..."
            icon={<SparklesIcon />}
            disabled={blocker !== null}
          >{`Rewrite (${creditsLabel(platform.credits)})`}</PendingButton>
        </div>
      </div>
    </form>
  );
}

/** The rewrite, shown where it was asked for, with the way to AI Generated where it is kept. */
function RewriteResultView({ result, onClose }: { result: RewriteResult | PendingGeneration; onClose: () => void }) {
  return (
    <div className="grid gap-4">
      {'content' in result ? (
        <section aria-label="Rewritten content" className="max-h-[50dvh] overflow-y-auto rounded-lg border p-4">
          <GenerationContent html={result.content} />
        </section>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          Your rewrite is in progress and will appear in AI Generated shortly.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
        <Link to={paths.aiGenerated} onClick={onClose} className="text-sm font-medium text-primary hover:underline">
          Open in AI Generated
        </Link>
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
