import { type Logger, pino } from 'pino';

export type LogFormat = 'pretty' | 'json';

/** pino's numeric levels and the names a person reads. */
const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const levelColors: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
const skipKeys = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * One pino line as a person reads it: `12:04:31 INFO  message key=value`, an error's stack
 * below it. Pure, so tests can check it without a terminal.
 */
export function formatPretty(line: string, color: boolean): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const level = typeof record.level === 'number' ? record.level : 30;
  const name = levelNames[level] ?? String(level);
  const clock = `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
  const extras = Object.entries(record)
    .filter(([key]) => !skipKeys.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = color ? `\x1b[2m${clock}\x1b[0m \x1b[${levelColors[level] ?? '0'}m${name}\x1b[0m` : `${clock} ${name}`;
  let text = `${head} ${String(record.msg ?? '')}${extras.length ? ` ${extras.join(' ')}` : ''}\n`;
  const err = record.err as { stack?: string; message?: string } | undefined;
  if (err) {
    text += `${(err.stack ?? err.message ?? JSON.stringify(err)).replace(/^/gm, '    ')}\n`;
  }
  return text;
}

/** The format when LOG_FORMAT does not say: readable in a terminal, JSON lines for log collectors. */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'pretty' : 'json';
}

/** Parley's logger on stdout: JSON lines, or one readable line per record in a terminal. */
export function createLogger(level: string, format: LogFormat): Logger {
  if (format === 'json') {
    return pino({ level });
  }
  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  return pino(
    { level },
    {
      write(line: string) {
        process.stdout.write(formatPretty(line, color));
      },
    },
  );
}
