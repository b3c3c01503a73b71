import { describe, expect, it } from 'vitest';
import { dateFormatters } from '../../../components/dateFormat';
import { relativeTime } from './relativeTime';

// Sunday 22 November 2026, 03:30 UTC: 11:30 in Shanghai, still Saturday 22:30 in New York.
const now = Date.UTC(2026, 10, 22, 3, 30);
const minutes = (m: number) => now - m * 60_000;
const hours = (h: number) => now - h * 3_600_000;

describe('relative time of a ticket list (docs/product.md §9)', () => {
  it('counts minutes within the last hour', () => {
    expect(relativeTime(minutes(5), now, 'en', 'UTC')).toBe('5 minutes ago');
    expect(relativeTime(minutes(59), now, 'en', 'UTC')).toBe('59 minutes ago');
    expect(relativeTime(minutes(1), now, 'en', 'UTC')).toBe('1 minute ago');
    expect(relativeTime(minutes(1), now, 'zh-cn', 'UTC')).toBe('1分钟前');
    expect(relativeTime(minutes(5), now, 'zh-cn', 'UTC')).toBe('5分钟前');
  });

  it('says Just now within the first minute, not "1 minute ago" for a ticket made seconds ago', () => {
    expect(relativeTime(now, now, 'en', 'UTC')).toBe('Just now');
    expect(relativeTime(now - 10_000, now, 'en', 'UTC')).toBe('Just now');
    expect(relativeTime(now - 59_999, now, 'en', 'UTC')).toBe('Just now');
    expect(relativeTime(now - 10_000, now, 'zh-cn', 'UTC')).toBe('刚刚');
    // Another machine's clock a little ahead: still just now, not "in 1 minute".
    expect(relativeTime(now + 5_000, now, 'en', 'UTC')).toBe('Just now');
  });

  it('says Today and Yesterday on the calendar of the time zone', () => {
    expect(relativeTime(hours(2), now, 'en', 'UTC')).toBe('Today 01:30');
    expect(relativeTime(hours(4), now, 'en', 'UTC')).toBe('Yesterday 23:30');
    // The same moment is still today in Shanghai (07:30 there).
    expect(relativeTime(hours(4), now, 'en', 'Asia/Shanghai')).toBe('Today 07:30');
    expect(relativeTime(hours(4), now, 'zh-cn', 'Asia/Shanghai')).toBe('今天 07:30');
    expect(relativeTime(hours(12), now, 'zh-cn', 'Asia/Shanghai')).toBe('昨天 23:30');
  });

  it('gives the weekday within a week, and a date beyond', () => {
    // Tuesday 17 November 2026, 10:00 UTC
    const tuesday = Date.UTC(2026, 10, 17, 10, 0);
    expect(relativeTime(tuesday, now, 'en', 'UTC')).toBe('Tuesday 10:00');
    expect(relativeTime(tuesday, now, 'zh-cn', 'UTC')).toBe('星期二 10:00');
    // Sunday 15 November: seven days back, so a date.
    expect(relativeTime(Date.UTC(2026, 10, 15, 10, 0), now, 'en', 'UTC')).toBe('15 Nov 2026');
    expect(relativeTime(Date.UTC(2026, 0, 3, 10, 0), now, 'zh-cn', 'UTC')).toBe('2026年1月3日');
    // The date in Settings › Localization's format where one is given; the recent ones keep their words.
    const iso = dateFormatters({ language: 'en', timeZone: 'UTC', format: 'iso' }).day;
    expect(relativeTime(Date.UTC(2026, 10, 15, 10, 0), now, 'en', 'UTC', iso)).toBe('2026-11-15');
    expect(relativeTime(tuesday, now, 'en', 'UTC', iso)).toBe('Tuesday 10:00');
  });

  it('falls back to the browser time zone for an unknown zone', () => {
    expect(relativeTime(minutes(3), now, 'en', 'Mars/Olympus')).toBe('3 minutes ago');
  });
});
