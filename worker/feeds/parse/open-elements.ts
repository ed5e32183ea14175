// The elements open at the reader's position in an XML document, with the two things each step asks of
// them answered without walking them (issue 29: both walks made 4 MiB documents cost minutes):
// - which open element an end tag closes: an index from each lower-cased name to where it is open, so
//   an end tag that matches nothing costs one look-up, not a scan of every open element;
// - what a namespace prefix means here: one map, changed by an element's declarations and changed back
//   (from an undo log) when it closes, so a declaration costs one entry, never a copy of its parent's map.
// - which open element is the innermost of a kind (the channel an <item> belongs in): kept per element
//   as it opens, so recovering from an unclosed element costs one look-up, not a walk.
// - how many children of each name the open element has had, so a feed's structure keeps no more of one
//   name than any feed has (parseXml MAX_REPEATED_CHILDREN).
// Popping is amortised: each element is indexed once when opened and unindexed once when closed.

import type { XmlElement } from './xml';

export class OpenElements {
  /** The open elements, outermost first; [0] is the document. */
  readonly elements: XmlElement[];
  /**
   * prefix ("" for the default namespace) → namespace key, as declared at the current position. An undone
   * declaration is set back to undefined, never deleted: V8 rehashes a large Map on delete, which made
   * a root with 100,000 declarations cost seconds per thousand elements declaring one more.
   */
  readonly prefixes = new Map<string, string | undefined>();
  private readonly keys: string[] = [''];
  private readonly positions = new Map<string, number[]>();
  private readonly undoMarks: number[] = [0];
  private readonly undo: { prefix: string; previous: string | undefined }[] = [];
  /** Per kind, per open element: the index of the innermost open element of that kind (0: none). */
  private readonly innermost: number[][];
  /** Per open element: how many child elements of each name it has had so far (made at its first child). */
  private readonly childCounts: (Map<string, number> | undefined)[] = [undefined];

  constructor(
    document: XmlElement,
    private readonly kinds: readonly ReadonlySet<string>[] = [],
  ) {
    this.elements = [document];
    this.innermost = kinds.map(() => [0]);
  }

  /** The index of the innermost open element whose name is in `kinds[kind]`; 0 when none is open. */
  innermostOf(kind: number): number {
    const at = this.innermost[kind] as number[];
    return at[at.length - 1] as number;
  }

  get depth(): number {
    return this.elements.length;
  }

  get current(): XmlElement {
    return this.elements[this.elements.length - 1] as XmlElement;
  }

  /** Counts one more child element named `name` of the current element; answers how many it has now. */
  countChild(name: string): number {
    const last = this.childCounts.length - 1;
    let counts = this.childCounts[last];
    if (!counts) {
      counts = new Map();
      this.childCounts[last] = counts;
    }
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    return count;
  }

  /** Where declarations made from now on start; `push` or `forgetDeclarations` takes it back. */
  declarationMark(): number {
    return this.undo.length;
  }

  declare(prefix: string, key: string): void {
    this.undo.push({ prefix, previous: this.prefixes.get(prefix) });
    this.prefixes.set(prefix, key);
  }

  /** Undoes the declarations made since `mark` (those of an element that is not kept open). */
  forgetDeclarations(mark: number): void {
    while (this.undo.length > mark) {
      const { prefix, previous } = this.undo.pop() as { prefix: string; previous: string | undefined };
      this.prefixes.set(prefix, previous);
    }
  }

  /** Opens `element`, written as `rawName`, whose declarations began at `mark`. */
  push(element: XmlElement, rawName: string, mark: number): void {
    const key = rawName.toLowerCase();
    const at = this.positions.get(key);
    if (at) at.push(this.elements.length);
    else this.positions.set(key, [this.elements.length]);
    const index = this.elements.length;
    for (let kind = 0; kind < this.kinds.length; kind++) {
      const at = this.innermost[kind] as number[];
      at.push((this.kinds[kind] as ReadonlySet<string>).has(element.name) ? index : (at[at.length - 1] as number));
    }
    this.elements.push(element);
    this.childCounts.push(undefined);
    this.keys.push(key);
    this.undoMarks.push(mark);
  }

  /** The index of the innermost open element named `rawName` (any case), which its end tag closes; 0 when none. */
  closedBy(rawName: string): number {
    const at = this.positions.get(rawName.toLowerCase());
    return at ? (at[at.length - 1] as number) : 0;
  }

  /** Closes every element from index `depth` outwards, leaving `depth` open. */
  truncate(depth: number): void {
    // One pop per closed element from each array (setting .length is a slow runtime call in V8).
    for (let i = this.elements.length - 1; i >= depth && i > 0; i--) {
      const key = this.keys.pop() as string;
      const at = this.positions.get(key) as number[];
      at.pop();
      if (at.length === 0) this.positions.delete(key);
      const mark = this.undoMarks.pop() as number;
      if (mark < this.undo.length) this.forgetDeclarations(mark);
      this.elements.pop();
      this.childCounts.pop();
      for (const innermost of this.innermost) innermost.pop();
    }
  }
}
