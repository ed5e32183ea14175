// Mute words (issue 26): one field, a word or phrase a line; presented as what it is, a hide rule for
// every feed, applied to the items already here when saved.
import { type FormEvent, useState } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useMuteWords, useSaveMuteWords } from '../api/rules';

export function MuteWordsForm() {
  const saved = useMuteWords();
  const save = useSaveMuteWords();
  // What the person typed; until they type, the saved words (never overwritten by an answer arriving late).
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? saved.data?.muteWords.join('\n') ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text
      .split('\n')
      .map((word) => word.trim())
      .filter(Boolean);
    save.mutate(words, {
      onSuccess: () => toast({ title: 'Mute words saved', description: `${words.length} hidden everywhere` }),
      onError: (error) => toast({ title: 'Not saved', description: apiErrorMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor="mute-words">Mute words</Label>
      <p className="text-xs text-muted-foreground">
        A hide rule for every feed: an item with any of these words or phrases (one a line) is hidden everywhere.
      </p>
      <textarea
        id="mute-words"
        value={text}
        onChange={(event) => setTyped(event.target.value)}
        disabled={!saved.data}
        rows={4}
        className="rounded-md border border-input bg-background p-2 text-sm"
      />
      <div>
        <PendingButton type="submit" pending={save.isPending} pendingLabel="Saving…" variant="secondary">
          Save mute words
        </PendingButton>
      </div>
    </form>
  );
}
