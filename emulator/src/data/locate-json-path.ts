/**
 * Finds the line on which a value sits in a JSON text, given its path (`['datasets', 2,
 * 'keys']`). Used to point catalog problems at a line; it assumes the text already parsed as
 * JSON and gives up (undefined) on anything surprising rather than guessing.
 */
export function locateJsonPath(text: string, path: readonly (string | number)[]): number | undefined {
  const scanner = new PathScanner(text);
  try {
    return scanner.find(path);
  } catch {
    // The text is not the JSON we expected: no line is better than a wrong one.
    return undefined;
  }
}

class PathScanner {
  private pos = 0;

  constructor(private readonly text: string) {}

  find(path: readonly (string | number)[]): number | undefined {
    this.skipSpace();
    for (const step of path) {
      const found = typeof step === 'number' ? this.enterIndex(step) : this.enterKey(step);
      if (!found) return undefined;
      this.skipSpace();
    }
    return this.lineAt(this.pos);
  }

  private lineAt(offset: number): number {
    let line = 1;
    for (let i = 0; i < offset; i++) if (this.text.charCodeAt(i) === 10) line++;
    return line;
  }

  private enterKey(key: string): boolean {
    if (this.text[this.pos] !== '{') return false;
    this.pos++;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') return false;
      const name = this.readString();
      this.skipSpace();
      this.expect(':');
      this.skipSpace();
      if (name === key) return true;
      this.skipValue();
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
    }
  }

  private enterIndex(index: number): boolean {
    if (this.text[this.pos] !== '[') return false;
    this.pos++;
    for (let i = 0; ; i++) {
      this.skipSpace();
      if (this.text[this.pos] === ']') return false;
      if (i === index) return true;
      this.skipValue();
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
    }
  }

  private skipValue(): void {
    const c = this.text[this.pos];
    if (c === '"') {
      this.readString();
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      this.pos++;
      for (;;) {
        this.skipSpace();
        if (this.text[this.pos] === close) {
          this.pos++;
          return;
        }
        if (c === '{') {
          this.readString();
          this.skipSpace();
          this.expect(':');
          this.skipSpace();
        }
        this.skipValue();
        this.skipSpace();
        if (this.text[this.pos] === ',') this.pos++;
      }
    } else {
      const match = /^[^,\]}\s]+/.exec(this.text.slice(this.pos, this.pos + 64));
      if (!match) throw new Error('unexpected character');
      this.pos += match[0].length;
    }
  }

  private readString(): string {
    this.expect('"');
    const start = this.pos;
    while (this.pos < this.text.length && this.text[this.pos] !== '"') {
      this.pos += this.text[this.pos] === '\\' ? 2 : 1;
    }
    const raw = this.text.slice(start, this.pos);
    this.expect('"');
    return JSON.parse(`"${raw}"`) as string;
  }

  private expect(char: string): void {
    if (this.text[this.pos] !== char) throw new Error(`expected ${char}`);
    this.pos++;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }
}
