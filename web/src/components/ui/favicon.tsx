// A site's icon (spec §9: 32 px from the favicon service), drawn at `size` px. Falls back to the feed icon
// when there is none or it fails to load (spec §8: a placeholder appears when an image fails to load).
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { RssIcon } from './icons';

export function Favicon({ src, size = 16, className }: { src: string | null; size?: number; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className={cn('grid shrink-0 place-items-center rounded-sm bg-muted text-muted-foreground', className)}
      >
        <RssIcon style={{ width: size * 0.75, height: size * 0.75 }} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
      className={cn('shrink-0 rounded-sm object-contain', className)}
      style={{ width: size, height: size }}
    />
  );
}
