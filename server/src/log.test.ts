import { describe, expect, it } from 'vitest';
import { defaultLogFormat, formatPretty } from './log.js';

describe('log lines', () => {
  it('reads as a sentence in a terminal: time, level, message, then the extra fields', () => {
    const time = new Date(2026, 0, 2, 9, 5, 7).getTime();
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'database migrated', applied: 6 });
    expect(formatPretty(line, false)).toBe('09:05:07 INFO  database migrated applied=6\n');
  });

  it('shows an error with its stack under the line', () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'boom',
      err: { message: 'bad', stack: 'Error: bad\n  at x' },
    });
    const text = formatPretty(line, false);
    expect(text).toContain('ERROR boom\n');
    expect(text).toContain('    Error: bad\n      at x\n');
  });

  it('colours the level only when asked', () => {
    const line = JSON.stringify({ level: 40, time: 0, msg: 'careful' });
    expect(formatPretty(line, true)).toContain('\x1b[33mWARN \x1b[0m');
    expect(formatPretty(line, false)).not.toContain('\x1b');
  });

  it('is readable in a terminal and JSON lines otherwise', () => {
    expect(defaultLogFormat({ isTTY: true })).toBe('pretty');
    expect(defaultLogFormat({ isTTY: false })).toBe('json');
    expect(defaultLogFormat({})).toBe('json');
  });
});
