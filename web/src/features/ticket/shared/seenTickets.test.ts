import { beforeEach, describe, expect, it } from 'vitest';
import { markSeen, seenMark } from './seenTickets';

const stored = () => new Map(JSON.parse(localStorage.getItem('parley.seen_tickets') ?? '[]') as [number, number][]);

describe('seen tickets', () => {
  beforeEach(() => localStorage.clear());

  it('marks a ticket new until opened, then updated when it changes after that', () => {
    expect(seenMark(stored(), 7, 1000)).toBe('new');
    markSeen(7, 1000);
    expect(seenMark(stored(), 7, 1000)).toBeNull();
    expect(seenMark(stored(), 7, 2000)).toBe('updated');
    markSeen(7, 2000);
    expect(seenMark(stored(), 7, 2000)).toBeNull();
  });

  it('never moves back to an older version', () => {
    markSeen(7, 2000);
    markSeen(7, 1000);
    expect(stored().get(7)).toBe(2000);
  });

  it('forgets the tickets seen longest ago past 3,000, whatever their numbers', () => {
    markSeen(5000, 1);
    for (let id = 1; id <= 3000; id++) {
      markSeen(id, 1);
    }
    markSeen(1, 2); // seen again: now the most recent
    const seen = stored();
    expect(seen.size).toBe(3000);
    expect(seen.get(5000)).toBeUndefined();
    expect(seen.get(1)).toBe(2);
    expect(seen.get(3000)).toBe(1);
  });
});
