/**
 * Line arithmetic over a file's text, by character offset. Edits are planned as splices of the original text, so
 * every question about "the line this node is on" is answered here, the same way for `\n` and `\r\n` files.
 */
export class SourceLines {
  /** The file's line ending (that of its first line break; `\n` when it has none): new lines use it. */
  readonly eol: '\n' | '\r\n';

  constructor(readonly text: string) {
    const first = text.indexOf('\n');
    this.eol = first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
  }

  /** Offset where the line holding `offset` starts. */
  lineStart(offset: number): number {
    return this.text.lastIndexOf('\n', offset - 1) + 1;
  }

  /** Offset where the content of the line holding `offset` ends: its line break (`\r` of `\r\n`) or the file's end. */
  lineEnd(offset: number): number {
    const newline = this.text.indexOf('\n', offset);
    if (newline === -1) return this.text.length;
    return newline > offset && this.text[newline - 1] === '\r' ? newline - 1 : newline;
  }

  /** Offset where the next line starts, or undefined on the last line (a file without a final line break). */
  nextLineStart(offset: number): number | undefined {
    const newline = this.text.indexOf('\n', offset);
    return newline === -1 ? undefined : newline + 1;
  }

  /** 0-based column of `offset` (in UTF-16 code units; YAML indents with spaces only, so columns are spaces). */
  column(offset: number): number {
    return offset - this.lineStart(offset);
  }

  /** Whether two offsets are on the same line. */
  sameLine(a: number, b: number): boolean {
    const [from, to] = a <= b ? [a, b] : [b, a];
    const newline = this.text.indexOf('\n', from);
    return newline === -1 || newline >= to;
  }

  /** Whether only spaces and tabs stand between the start of its line and `offset`. */
  startsLine(offset: number): boolean {
    return /^[ \t]*$/.test(this.text.slice(this.lineStart(offset), offset));
  }

  /**
   * The end of the last line a node occupies, given its `[start, end)` source range. Block collections and block
   * scalars end after their last line break; flow nodes end at their last character.
   */
  lastLineEnd(start: number, end: number): number {
    return end > start && this.text[end - 1] === '\n' ? this.lineEnd(end - 1) : this.lineEnd(end);
  }

  /**
   * Where the line after a node's last line starts, given its `[start, end)` source range; undefined when the
   * node's last line is the file's last line and has no line break.
   */
  afterLastLine(start: number, end: number): number | undefined {
    return end > start && this.text[end - 1] === '\n' ? end : this.nextLineStart(end);
  }

  /**
   * The comment at the end of the line after `offset` (with the spaces before it), or '' when the rest of the
   * line holds none. Only called where YAML allows nothing but a comment after `offset` on its line.
   */
  trailingComment(offset: number): string {
    const rest = this.text.slice(offset, this.lineEnd(offset));
    const hash = rest.indexOf('#');
    if (hash === -1) return '';
    let start = hash;
    while (start > 0 && (rest[start - 1] === ' ' || rest[start - 1] === '\t')) start -= 1;
    return rest.slice(start);
  }

  /** The offset of a 1-based line and column (the inverse of `describe`); -1 when the file has fewer lines. */
  offsetOf(line: number, column: number): number {
    let lineStart = 0;
    for (let current = 1; current < line; current += 1) {
      const newline = this.text.indexOf('\n', lineStart);
      if (newline === -1) return -1;
      lineStart = newline + 1;
    }
    return lineStart + column - 1;
  }

  /** `line L, column C` (1-based) of an offset, for messages. */
  describe(offset: number): string {
    let line = 1;
    for (
      let index = this.text.indexOf('\n');
      index !== -1 && index < offset;
      index = this.text.indexOf('\n', index + 1)
    )
      line += 1;
    return `line ${line}, column ${this.column(offset) + 1}`;
  }
}
