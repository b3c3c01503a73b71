import { describe, expect, it, vi } from 'vitest';
import { dateFormatters, stampFormatter } from './dateFormat';

// 2026-11-25 16:05 UTC.
const ts = Date.UTC(2026, 10, 25, 16, 5);

describe('stampFormatter', () => {
  it('writes each date format of Settings › Localization in the given time zone', () => {
    const at = (format: 'medium' | 'iso' | 'dmy' | 'mdy', timeZone: string, language = 'en') =>
      stampFormatter({ language, timeZone, format })(ts);
    expect(at('iso', 'UTC')).toBe('2026-11-25 16:05');
    expect(at('iso', 'Asia/Shanghai')).toBe('2026-11-26 00:05');
    expect(at('dmy', 'UTC')).toBe('25/11/2026 16:05');
    expect(at('mdy', 'UTC')).toBe('11/25/2026 4:05 PM');
    expect(at('mdy', 'UTC', 'zh-cn')).toBe('11/25/2026 下午4:05');
    expect(at('medium', 'UTC')).toBe('25 Nov 2026, 16:05');
    expect(at('medium', 'Asia/Shanghai', 'zh-cn')).toContain('2026年11月26日');
  });

  it('falls back to the browser time zone for one it does not know', () => {
    expect(() => stampFormatter({ language: 'en', timeZone: 'Mars/Olympus', format: 'iso' })(ts)).not.toThrow();
  });

  it('makes a formatter once per language, zone and format, however many parts of the page ask', () => {
    const Real = Intl.DateTimeFormat;
    // biome-ignore lint/complexity/useArrowFunction: called with new, which an arrow function refuses
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return new Real(...args);
    });
    try {
      const options = { language: 'en', timeZone: 'Pacific/Chatham', format: 'medium' } as const;
      expect(stampFormatter(options)(ts)).toBe('26 Nov 2026, 05:50');
      expect(stampFormatter(options)(ts)).toBe('26 Nov 2026, 05:50');
      expect(made).toHaveBeenCalledTimes(1);
      stampFormatter({ ...options, language: 'zh-cn' })(ts);
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});

describe('dateFormatters', () => {
  it('writes a date, a day of a month and a month in each date format', () => {
    const all = (format: 'medium' | 'iso' | 'dmy' | 'mdy', language = 'en') => {
      const f = dateFormatters({ language, timeZone: 'Asia/Shanghai', format });
      return [f.day(ts), f.dayOfMonth(ts), f.month(ts)];
    };
    expect(all('iso')).toEqual(['2026-11-26', '11-26', '2026-11']);
    expect(all('dmy')).toEqual(['26/11/2026', '26/11', '11/2026']);
    expect(all('mdy')).toEqual(['11/26/2026', '11/26', '11/2026']);
    expect(all('medium')).toEqual(['26 Nov 2026', '26 Nov', 'Nov 2026']);
    expect(all('medium', 'zh-cn')[0]).toBe('2026年11月26日');
  });
});
