// What the article's player remembers in this browser (issue 23): where each item's audio or video was
// left, so coming back resumes there, and the speed last chosen, for every item. Nothing goes to the server.

export const PLAYBACK_SPEEDS = [1, 1.25, 1.5, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

const SPEED_KEY = 'feedloom:playback-speed';
const positionKey = (itemId: number) => `feedloom:playback-position:${itemId}`;
/** Positions kept at most: the oldest go first (a long podcast habit stays a few kilobytes). */
const MOST_POSITIONS = 200;
const INDEX_KEY = 'feedloom:playback-positions';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageOf = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (private mode, a sandbox): nothing is remembered.
    return null;
  }
};

export function rememberedSpeed(storage = storageOf()): PlaybackSpeed {
  const value = Number(storage?.getItem(SPEED_KEY));
  return (PLAYBACK_SPEEDS as readonly number[]).includes(value) ? (value as PlaybackSpeed) : 1;
}

export function rememberSpeed(speed: PlaybackSpeed, storage = storageOf()) {
  storage?.setItem(SPEED_KEY, String(speed));
}

/** Seconds into the item's media where it was left; 0 when never played or played to the end. */
export function rememberedPosition(itemId: number, storage = storageOf()): number {
  const value = Number(storage?.getItem(positionKey(itemId)));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Keeps where the item was left (whole seconds); forgets it at the end or at 0. */
export function rememberPosition(itemId: number, seconds: number, storage = storageOf()) {
  if (!storage) return;
  const index = (storage.getItem(INDEX_KEY) ?? '').split(',').filter((id) => id !== '' && id !== String(itemId));
  if (!(seconds > 0)) {
    storage.removeItem(positionKey(itemId));
    storage.setItem(INDEX_KEY, index.join(','));
    return;
  }
  storage.setItem(positionKey(itemId), String(Math.floor(seconds)));
  index.push(String(itemId));
  for (const old of index.splice(0, Math.max(0, index.length - MOST_POSITIONS)))
    storage.removeItem(`feedloom:playback-position:${old}`);
  storage.setItem(INDEX_KEY, index.join(','));
}
