// A card's picture: the item's thumbnail, or the stock placeholder when it has none or it fails to load
// (spec §2 "a stock image as fallback", §8 "a placeholder appears when an image fails to load").
import { useState } from 'react';
import placeholder from '@/assets/feed-placeholder.svg';
import { cn } from '@/lib/cn';

export function ItemThumbnail({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src && /^https?:/i.test(src);
  return (
    <img
      src={usable ? src : placeholder}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => src && setFailed(src)}
      className={cn('aspect-video w-full bg-muted object-cover', !usable && 'dark:brightness-75', className)}
    />
  );
}
