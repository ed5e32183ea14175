/** Runs `work` over `values`, at most `size` at a time. */
export async function runPool<T>(values: readonly T[], size: number, work: (value: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const value = values[next++] as T;
      await work(value);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, values.length) }, worker));
}
