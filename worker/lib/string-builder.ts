// Joins many small strings into one without holding them all at once. `s += piece` in a loop builds a
// rope of millions of cons-string nodes, and `String.prototype.replace` with a callback keeps every match
// and replacement until it ends: either way a 4 MiB text cut into millions of pieces takes 100+ MB of
// heap (issue 29). Here pieces are joined 512 at a time into chunks, and the chunks once at the end, so
// the pieces held at any moment are at most 512 plus one chunk per 512 pieces, and every character is
// copied twice.

const PIECES_PER_CHUNK = 512;

export class StringBuilder {
  private pieces: string[] = [];
  private chunks: string[] = [];
  length = 0;

  append(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.length += piece.length;
    if (this.pieces.length >= PIECES_PER_CHUNK) {
      this.chunks.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  toString(): string {
    if (this.chunks.length === 0) return this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join('');
    if (this.pieces.length > 0) {
      this.chunks.push(this.pieces.join(''));
      this.pieces = [];
    }
    if (this.chunks.length > 1) this.chunks = [this.chunks.join('')];
    return this.chunks[0] as string;
  }
}
