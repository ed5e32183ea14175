// A JSON answer sent as it is read (issue 29): where a protocol has no continuation (Google Reader's
// stream/items/contents), a large answer is written part by part, each part read only when the client
// has taken the one before (a pull stream), so the Worker holds one part's items at a time.

/** `values` in runs of `size`. */
export function chunksOf<T>(values: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  return chunks;
}

/**
 * `head`, then each part's rendering (comma-separated JSON values, possibly none), commas between
 * the parts that render something, then `tail`, as UTF-8 bytes: one part rendered per pull.
 */
export function streamJsonArray<T>(
  head: string,
  parts: T[],
  render: (part: T) => Promise<string>,
  tail: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let wroteValue = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        const part = parts[next++];
        if (part === undefined) {
          controller.enqueue(encoder.encode(tail));
          controller.close();
          return;
        }
        const values = await render(part);
        if (values === '') return;
        controller.enqueue(encoder.encode(wroteValue ? `,${values}` : values));
        wroteValue = true;
      },
    },
    // One part waits at a time: the next is read once the client has taken this one.
    { highWaterMark: 0 },
  );
}
