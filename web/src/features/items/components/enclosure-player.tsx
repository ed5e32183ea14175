// An item's enclosures in the article (issue 23): audio and video play here, at 1×, 1.25×, 1.5× or 2×,
// resuming where this browser left each item (playback-memory.ts); every enclosure has a download link.
import type { Enclosure } from '@contracts/feeds';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import {
  PLAYBACK_SPEEDS,
  type PlaybackSpeed,
  rememberedPosition,
  rememberedSpeed,
  rememberPosition,
  rememberSpeed,
} from './playback-memory';

/** Audio or video by the enclosure's type, else by its file name's extension; null for other files. */
export function mediaKind(enclosure: Enclosure): 'audio' | 'video' | null {
  const type = enclosure.type?.toLowerCase() ?? '';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  const path = (() => {
    try {
      return new URL(enclosure.url).pathname.toLowerCase();
    } catch {
      return '';
    }
  })();
  if (/\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)$/.test(path)) return 'audio';
  if (/\.(mp4|m4v|webm|mov|ogv)$/.test(path)) return 'video';
  return null;
}

const speedLabel = (speed: PlaybackSpeed) => `${speed}×`;

const fileName = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || 'file');
  } catch {
    return 'file';
  }
};

function MediaPlayer({ itemId, enclosure, kind }: { itemId: number; enclosure: Enclosure; kind: 'audio' | 'video' }) {
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  const [speed, setSpeed] = useState<PlaybackSpeed>(rememberedSpeed);
  const lastSaved = useRef(-1);

  useEffect(() => {
    if (media.current) media.current.playbackRate = speed;
  }, [speed]);

  // Resume where this item was left, at the chosen speed (a new source resets the rate), once the
  // metadata is in: now if it already is (a cached file), else when it arrives.
  const speedNow = useRef(speed);
  speedNow.current = speed;
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const resume = () => {
      element.playbackRate = speedNow.current;
      const position = rememberedPosition(itemId);
      if (position > 0 && (!Number.isFinite(element.duration) || position < element.duration))
        element.currentTime = position;
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else element.addEventListener('loadedmetadata', resume, { once: true });
    return () => element.removeEventListener('loadedmetadata', resume);
  }, [itemId]);

  const save = (seconds: number) => {
    const whole = Math.floor(seconds);
    if (whole === lastSaved.current) return;
    lastSaved.current = whole;
    rememberPosition(itemId, whole);
  };

  const props = {
    ref: media,
    src: enclosure.url,
    controls: true,
    preload: 'metadata',
    className: kind === 'video' ? 'w-full rounded-lg bg-black' : 'w-full',
    'aria-label': kind === 'video' ? 'Video' : 'Audio',
    onTimeUpdate: (event: React.SyntheticEvent<HTMLMediaElement>) => save(event.currentTarget.currentTime),
    onPause: (event: React.SyntheticEvent<HTMLMediaElement>) => save(event.currentTarget.currentTime),
    // Played to the end: the next visit starts from the beginning.
    onEnded: () => {
      lastSaved.current = 0;
      rememberPosition(itemId, 0);
    },
  } as const;

  return (
    <>
      {kind === 'video' ? <video {...props} playsInline /> : <audio {...props} />}
      <fieldset className="flex flex-wrap items-center gap-1">
        <legend className="sr-only">Playback speed</legend>
        <span aria-hidden className="mr-1 text-sm text-muted-foreground">
          Speed
        </span>
        {PLAYBACK_SPEEDS.map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={choice === speed ? 'secondary' : 'ghost'}
            aria-pressed={choice === speed}
            aria-label={`Play at ${speedLabel(choice)}`}
            onClick={() => {
              setSpeed(choice);
              rememberSpeed(choice);
            }}
          >
            {speedLabel(choice)}
          </Button>
        ))}
      </fieldset>
    </>
  );
}

export function EnclosurePlayer({ itemId, enclosures }: { itemId: number; enclosures: Enclosure[] }) {
  if (enclosures.length === 0) return null;
  // The first playable one is played; alternates (Podcasting 2.0) and other files are offered to download.
  const playable = enclosures.find((enclosure) => mediaKind(enclosure) !== null);
  const kind = playable ? mediaKind(playable) : null;
  return (
    <section aria-label="Attachments" className="flex flex-col gap-2 rounded-lg border border-border p-3">
      {playable && kind ? <MediaPlayer key={playable.url} itemId={itemId} enclosure={playable} kind={kind} /> : null}
      <ul className="flex flex-wrap gap-2">
        {enclosures.map((enclosure) => (
          <li key={enclosure.url}>
            <a
              href={enclosure.url}
              download
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <DownloadIcon /> Download <span className="sr-only">{fileName(enclosure.url)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
