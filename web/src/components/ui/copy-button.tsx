// A Copy button: puts a text on the clipboard and reads "Copied" for 2 s. `text` is asked for only on a
// click, so a text that is costly to make (a generation as plain text) is made only when copied.
import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast-store';

const COPIED_MS = 2000;

export function CopyButton({ text, label = 'Copy' }: { text: () => string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onClick = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Your browser did not allow copying.' });
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={onClick} aria-label={copied ? undefined : label}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
