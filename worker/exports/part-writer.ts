// The export's file written as R2 multipart parts (issue 29): its text is encoded and held until a part's
// worth is there, then that part is uploaded, so the job holds at most one part of the file at a time
// (bench/job-memory.mjs measures it with pages of stars as the job reads them).

/**
 * R2's size for every part of a multipart upload but the last (they must all be the same size, and at
 * least 5 MiB): the most of the file the job holds at once, beside one page of stars.
 */
export const EXPORT_PART_BYTES = 5 * 1024 * 1024;

const encoder = new TextEncoder();

/** Collects the file's bytes and uploads each EXPORT_PART_BYTES as a part, in order. */
export function partWriter(upload: R2MultipartUpload) {
  const parts: R2UploadedPart[] = [];
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  const send = async (bytes: Uint8Array) => {
    parts.push(await upload.uploadPart(parts.length + 1, bytes));
  };
  /** The held bytes as one array, the first `size` of them sent, the rest kept. */
  const flush = async (size: number) => {
    const all = new Uint8Array(heldBytes);
    let at = 0;
    for (const chunk of held) {
      all.set(chunk, at);
      at += chunk.length;
    }
    await send(all.subarray(0, size));
    held = size < all.length ? [all.slice(size)] : [];
    heldBytes = all.length - size;
  };
  return {
    async write(text: string) {
      if (text === '') return;
      const bytes = encoder.encode(text);
      held.push(bytes);
      heldBytes += bytes.length;
      while (heldBytes >= EXPORT_PART_BYTES) await flush(EXPORT_PART_BYTES);
    },
    async finish() {
      if (heldBytes > 0 || parts.length === 0) await flush(heldBytes);
      return parts;
    },
  };
}
