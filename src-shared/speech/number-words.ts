/**
 * Numbers in words as single digits, for word error rates: "four one five" -> 4 1 5, "four hundred fifteen"
 * -> 4 1 5, "nineteen eighty five" -> 1 9 8 5, "twenty first" -> 2 1, "double five" -> 5 5, "four oh five"
 * -> 4 0 5. Numbers already in digits are split the same way ("415" -> 4 1 5), so how a number was grouped
 * or spoken does not count as an error; which digits were heard does.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };
const ORDINALS: Record<string, string> = {
  first: 'one',
  second: 'two',
  third: 'three',
  fourth: 'four',
  fifth: 'five',
  sixth: 'six',
  seventh: 'seven',
  eighth: 'eight',
  ninth: 'nine',
  tenth: 'ten',
  eleventh: 'eleven',
  twelfth: 'twelve',
  thirteenth: 'thirteen',
  fourteenth: 'fourteen',
  fifteenth: 'fifteen',
  sixteenth: 'sixteen',
  seventeenth: 'seventeen',
  eighteenth: 'eighteen',
  nineteenth: 'nineteen',
  twentieth: 'twenty',
  thirtieth: 'thirty',
  fortieth: 'forty',
  fiftieth: 'fifty',
  sixtieth: 'sixty',
  seventieth: 'seventy',
  eightieth: 'eighty',
  ninetieth: 'ninety',
  hundredth: 'hundred',
  thousandth: 'thousand',
};

type Kind = 'unit' | 'teen' | 'tens' | 'hundred' | 'scale';

function kindOf(w: string): { kind: Kind; value: number } | undefined {
  if (w in UNITS) return { kind: 'unit', value: UNITS[w] };
  if (w in TEENS) return { kind: 'teen', value: TEENS[w] };
  if (w in TENS) return { kind: 'tens', value: TENS[w] };
  if (w === 'hundred') return { kind: 'hundred', value: 100 };
  if (w in SCALES) return { kind: 'scale', value: SCALES[w] };
  return undefined;
}

const isNumberWord = (w: string | undefined): boolean =>
  w !== undefined && (kindOf(w) !== undefined || w in ORDINALS || /^\d+$/.test(w));

/** Reads one number group after another from number words; each group's value is kept in digits. */
class GroupReader {
  readonly groups: string[] = [];
  private total = 0;
  private small = 0;
  private open = false;
  private last: Kind | undefined;
  private lastScale = Infinity;

  private flush(): void {
    if (this.open) this.groups.push(String(this.total + this.small));
    this.total = 0;
    this.small = 0;
    this.open = false;
    this.last = undefined;
    this.lastScale = Infinity;
  }

  private start(value: number, kind: Kind): void {
    this.flush();
    this.small = value;
    this.open = true;
    this.last = kind;
  }

  add(kind: Kind, value: number): void {
    const afterScale = this.last === 'hundred' || this.last === 'scale';
    switch (kind) {
      case 'unit':
        if (value === 0) {
          this.flush();
          this.groups.push('0');
          return;
        }
        if (this.open && (this.last === 'tens' || afterScale) && this.small % 10 === 0) {
          this.small += value;
          this.last = 'unit';
        } else this.start(value, 'unit');
        return;
      case 'teen':
      case 'tens':
        if (this.open && afterScale && this.small % 100 === 0) {
          this.small += value;
          this.last = kind;
        } else this.start(value, kind);
        return;
      case 'hundred':
        if (!this.open) this.start(100, 'hundred');
        else if (this.small > 0 && this.small < 100) {
          this.small *= 100;
          this.last = 'hundred';
        } else this.start(100, 'hundred');
        return;
      case 'scale':
        if (this.open && value < this.lastScale) {
          this.total += (this.small || 1) * value;
          this.small = 0;
          this.last = 'scale';
          this.lastScale = value;
        } else {
          this.start(0, 'scale');
          this.total = value;
          this.lastScale = value;
        }
        return;
    }
  }

  end(): string[] {
    this.flush();
    return this.groups;
  }

  /** A group ends here (an ordinal, "and" that does not continue a number, a word that is not a number). */
  cut(): void {
    this.flush();
  }

  pushDigits(d: string): void {
    this.flush();
    this.groups.push(d);
  }
}

/** Converts one maximal run of number words (and digit tokens) to single digits. */
function runToDigits(run: string[]): string[] {
  const reader = new GroupReader();
  for (let i = 0; i < run.length; i++) {
    const w = run[i];
    if (/^\d+$/.test(w)) {
      reader.pushDigits(w);
      continue;
    }
    if (w === 'and' || w === 'oh' || w === 'o') {
      if (w !== 'and') reader.pushDigits('0');
      continue;
    }
    if ((w === 'double' || w === 'triple') && run[i + 1] && UNITS[run[i + 1]] !== undefined) {
      const d = String(UNITS[run[++i]]);
      reader.pushDigits(d.repeat(w === 'double' ? 2 : 3));
      continue;
    }
    const ordinal = ORDINALS[w];
    const k = kindOf(ordinal ?? w)!;
    reader.add(k.kind, k.value);
    if (ordinal) reader.cut();
  }
  return reader.end().flatMap((g) => [...g]);
}

/**
 * Whether word i may join a number run: number words and digits always; "and" inside a number ("one hundred
 * and five"); "oh"/"o" between two number words ("four oh five"); "double"/"triple" before a digit word.
 */
function joinsRun(words: string[], i: number, inRun: boolean): boolean {
  const w = words[i];
  if (isNumberWord(w)) return true;
  const next = words[i + 1];
  if (w === 'and') return inRun && isNumberWord(next) && /^(hundred|thousand|million|billion)$/.test(words[i - 1]);
  if (w === 'oh' || w === 'o') return inRun && isNumberWord(next);
  if (w === 'double' || w === 'triple') return next !== undefined && UNITS[next] !== undefined;
  return false;
}

/** Every run of numbers (digits or words) in normalised words, written as single digits. */
export function numberWordsToDigits(words: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (joinsRun(words, i, run.length > 0)) {
      run.push(words[i]);
      continue;
    }
    if (run.length) out.push(...runToDigits(run));
    run = [];
    out.push(words[i]);
  }
  if (run.length) out.push(...runToDigits(run));
  return out;
}
