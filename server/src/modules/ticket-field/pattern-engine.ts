import type { PatternEngine } from '@parley/contracts';
import { RE2JS } from 're2js';

/** Compiled patterns by their text (a help desk has a few regex fields; the map stays small). */
const compiled = new Map<string, RE2JS | null>();
const kept = 500;

function compile(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) {
    return compiled.get(pattern) ?? null;
  }
  let re: RE2JS | null;
  try {
    re = RE2JS.compile(`^(?:${pattern})$`);
  } catch {
    re = null;
  }
  if (compiled.size >= kept) {
    compiled.clear();
  }
  compiled.set(pattern, re);
  return re;
}

/**
 * Regex fields on the server: RE2 (`re2js`, pure JavaScript), whose matching time grows with the
 * value's length only, whatever the pattern. The browser's backtracking engine takes `(a+)+$`
 * against 30 `a`s and a `!` for most of a minute: through the public form, any visitor could
 * hold the whole process. RE2 has no look-around nor back-references: such a pattern is refused
 * when the field is saved (`regex_invalid`), so what is stored is what the server can match.
 */
export const re2Patterns: PatternEngine = {
  // Both engines must take it: the browser checks the public form with its own (instant feedback),
  // and a pattern only RE2 reads (`(?i)`, `[[:digit:]]`, `\pN`) would refuse every customer there.
  compiles: (pattern) => {
    try {
      RE2JS.compile(pattern);
      new RegExp(pattern, 'u');
      return true;
    } catch {
      return false;
    }
  },
  // A pattern stored before RE2 that it cannot compile (look-around) checks nothing until an admin
  // fixes it (saving it again is refused): customers are not refused forever by a format check.
  matches: (pattern, value) => compile(pattern)?.matches(value) ?? true,
};
