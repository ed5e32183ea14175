// A JSON answer sent as it is read (issue 29): where a protocol has no continuation (Google Reader's
// stream/items/contents) or a file is large (the account export), the answer is written part by part,
// each part read only when the client has taken the one before (a pull stream), so the Worker holds
// one part's items at a time.

/** `values` in runs of `size`. */
export function chunksOf<T>(values: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  return chunks;
}

/**
 * `head`, then the parts `next` renders (comma-separated JSON values, possibly none) with commas
 * between them, until it gives null, then `tail`, as UTF-8 bytes: one part rendered per pull.
 */
export function streamJsonValues(
  head: string,
  next: () => Promise<string | null>,
  tail: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let wroteValue = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        // Every pull enqueues something: a pull that enqueues nothing is not always called again.
        let values = await next();
        while (values === '') values = await next();
        if (values === null) {
          controller.enqueue(encoder.encode(tail));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(wroteValue ? `,${values}` : values));
        wroteValue = true;
      },
    },
    // One part waits at a time: the next is read once the client has taken this one.
    { highWaterMark: 0 },
  );
}

/** streamJsonValues over `parts`, each rendered by `render` when its turn comes. */
export function streamJsonArray<T>(
  head: string,
  parts: T[],
  render: (part: T) => Promise<string>,
  tail: string,
): ReadableStream<Uint8Array> {
  let next = 0;
  return streamJsonValues(
    head,
    async () => {
      const part = parts[next++];
      return part === undefined ? null : render(part);
    },
    tail,
  );
}
