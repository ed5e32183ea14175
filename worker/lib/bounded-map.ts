// A Map that keeps at most `most` entries: what an isolate keeps across requests must stay within its share
// of the isolate's memory (lib/isolate-cache-budget.ts), however many different keys the requests bring.

/** A Map of at most `most` entries: setting one more drops the one set longest ago; a key set again is newest. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly most: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.delete(key) && this.size >= this.most) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
