// JSON with positions. Node's JSON.parse gives the value but not always where a
// syntax error is ("Unexpected token '}'" has no position) and never where a key
// is, and diagnostics need both. This checker walks the text once for the first
// syntax error and the top-level members; the value itself still comes from
// JSON.parse.

import { problemAt, type TextProblem } from './textProblem';

export interface JsonMember {
  key: string;
  /** Offsets of the key (with its quotes) and of the value. */
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

export type JsonReadResult =
  | { ok: true; value: unknown; members: JsonMember[] }
  | { ok: false; problem: TextProblem };

class JsonSyntaxError extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

/** Parses `text` as JSON; on error, one problem at the offending line and column. */
export function readJsonText(text: string): JsonReadResult {
  const reader = new Reader(text);
  try {
    reader.skipSpace();
    const members = reader.text[reader.pos] === '{' ? reader.object(true) : (reader.value(), []);
    reader.skipSpace();
    if (reader.pos < text.length) throw new JsonSyntaxError(reader.pos, 'Unexpected text after the JSON value');
    return { ok: true, value: JSON.parse(text), members };
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, problem: problemAt(text, e.offset, e.offset + 1, e.message) };
    return { ok: false, problem: problemAt(text, 0, 0, `Invalid JSON: ${(e as Error).message}`) };
  }
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  value(): void {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') this.object(false);
    else if (c === '[') this.array();
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (!this.literal()) {
      throw new JsonSyntaxError(this.pos, c === undefined ? 'Unexpected end of JSON: a value is missing' : 'Expected a value (string, number, true, false, null, object or array)');
    }
  }

  /** Reads an object; returns its members when `collect` (the top level only). */
  object(collect: boolean): JsonMember[] {
    const members: JsonMember[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') return this.pos++, members;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') {
        throw new JsonSyntaxError(this.pos, this.text[this.pos] === '}' ? 'Remove the trailing comma' : 'Expected a property name in double quotes');
      }
      const keyStart = this.pos;
      this.string();
      const keyEnd = this.pos;
      this.skipSpace();
      this.expect(':', 'Expected ":" after the property name');
      this.skipSpace();
      const valueStart = this.pos;
      this.value();
      if (collect) members.push({ key: JSON.parse(this.text.slice(keyStart, keyEnd)), keyStart, keyEnd, valueStart, valueEnd: this.pos });
      this.skipSpace();
      if (this.text[this.pos] === '}') return this.pos++, members;
      this.expect(',', 'Expected "," or "}" after the property value');
    }
  }

  array(): void {
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') return void this.pos++;
    for (;;) {
      this.value();
      this.skipSpace();
      if (this.text[this.pos] === ']') return void this.pos++;
      this.expect(',', 'Expected "," or "]" after the array element');
      this.skipSpace();
      if (this.text[this.pos] === ']') throw new JsonSyntaxError(this.pos, 'Remove the trailing comma');
    }
  }

  string(): void {
    const start = this.pos++;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '"') return void this.pos++;
      if (c === '\n') break;
      if (c < ' ') throw new JsonSyntaxError(this.pos, 'Control characters must be escaped in a string');
      if (c === '\\') {
        const escape = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(this.text.slice(this.pos, this.pos + 6));
        if (!escape) throw new JsonSyntaxError(this.pos, 'Invalid escape in a string');
        this.pos += escape[0].length;
      } else {
        this.pos++;
      }
    }
    throw new JsonSyntaxError(start, 'Unterminated string: add the closing "');
  }

  number(): void {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos));
    if (!match) throw new JsonSyntaxError(this.pos, 'Invalid number');
    this.pos += match[0].length;
  }

  literal(): boolean {
    const word = /^(?:true|false|null)\b/.exec(this.text.slice(this.pos, this.pos + 6));
    if (word) this.pos += word[0].length;
    return Boolean(word);
  }

  expect(c: string, message: string): void {
    if (this.text[this.pos] !== c) throw new JsonSyntaxError(this.pos, message);
    this.pos++;
  }
}
