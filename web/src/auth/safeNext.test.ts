import { describe, expect, it } from 'vitest';
import { safeNext } from './safeNext';

const origin = 'https://desk.example.com';

describe('safeNext', () => {
  it.each([
    ['//evil.example'],
    ['//evil.example/wswt'],
    ['https://evil.example'],
    ['https://desk.example.com/wswt'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['wswt/setting'],
    [''],
    [null],
    [undefined],
    ['/wswt/login?next=/wswt'],
  ])('sends %j to the staff home', (next) => {
    expect(safeNext(next, origin)).toBe('/wswt');
  });

  it.each([
    ['/wswt/setting/people?x=1', '/wswt/setting/people?x=1'],
    ['/wswt/ticket/edit/42#reply', '/wswt/ticket/edit/42#reply'],
    ['/wswt/search?kw=%E6%89%93%E5%8D%B0', '/wswt/search?kw=%E6%89%93%E5%8D%B0'],
  ])('keeps the same-site address %j', (next, expected) => {
    expect(safeNext(next, origin)).toBe(expected);
  });
});
