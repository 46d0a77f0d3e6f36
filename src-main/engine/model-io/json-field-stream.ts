/**
 * Reads one top-level string field of a JSON object while the object is still being generated, so a
 * structured answer (the simulated caller's `{"message": "...", "done": false}`) can be shown as it
 * is written. `push(chunk)` returns the field's newly decoded text. Hand-written because the JSON
 * libraries parse whole documents; this one only follows a single string field and its escapes.
 */
export class JsonStringFieldStream {
  private buf = '';
  private state: 'seek' | 'in' | 'done' = 'seek';
  /** Position in `buf` of the next character of the value to decode. */
  private at = 0;
  private depth = 0;

  constructor(private readonly field: string) {}

  push(chunk: string): string {
    if (this.state === 'done' || !chunk) return '';
    this.buf += chunk;
    if (this.state === 'seek' && !this.seek()) return '';
    return this.decode();
  }

  /** Finds `"field"` at depth 1 followed by `:` and the opening quote of a string value. */
  private seek(): boolean {
    const key = JSON.stringify(this.field);
    let i = 0;
    let inString = false;
    this.depth = 0;
    while (i < this.buf.length) {
      const c = this.buf[i];
      if (inString) {
        if (c === '\\') {
          i += 2;
          continue;
        }
        if (c === '"') inString = false;
        i++;
        continue;
      }
      if (c === '{' || c === '[') this.depth++;
      else if (c === '}' || c === ']') this.depth--;
      else if (c === '"') {
        if (this.depth === 1 && this.buf.startsWith(key, i)) {
          const rest = /^\s*:\s*"/.exec(this.buf.slice(i + key.length));
          if (rest) {
            this.state = 'in';
            this.at = i + key.length + rest[0].length;
            return true;
          }
          if (/^\s*(:\s*)?$/.test(this.buf.slice(i + key.length))) return false; // the rest has not arrived yet
        }
        inString = true;
      }
      i++;
    }
    return false;
  }

  private decode(): string {
    let out = '';
    while (this.at < this.buf.length) {
      const c = this.buf[this.at];
      if (c === '"') {
        this.state = 'done';
        break;
      }
      if (c !== '\\') {
        out += c;
        this.at++;
        continue;
      }
      const e = this.buf[this.at + 1];
      if (e === undefined) break; // an escape split across chunks: wait for the rest
      if (e === 'u') {
        const hex = this.buf.slice(this.at + 2, this.at + 6);
        if (hex.length < 4) break;
        out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : '';
        this.at += 6;
        continue;
      }
      out += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
      this.at += 2;
    }
    return out;
  }
}
