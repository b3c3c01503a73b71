import { describe, expect, it } from 'vitest';
import { readPreviewCookies } from './cookies.js';

const token = 'a'.repeat(43);

describe('the list page cookies', () => {
  it('reads the session token and the language among other cookies', () => {
    expect(readPreviewCookies(`theme=dark; parley_session=${token}; parley_lang=zh-cn; parley_view=12`)).toEqual({
      token,
      language: 'zh-cn',
      viewId: 12,
    });
  });

  it('takes nothing that is not a token, and an unknown language as English', () => {
    expect(readPreviewCookies(undefined)).toEqual({ token: null, language: null, viewId: null });
    expect(readPreviewCookies('parley_session=short')).toEqual({ token: null, language: null, viewId: null });
    for (const view of ['0', '-3', '1.5', '12abc', '99999999999', '']) {
      expect(readPreviewCookies(`parley_view=${view}`).viewId).toBeNull();
    }
    expect(readPreviewCookies(`parley_session=${'a'.repeat(44)}`).token).toBeNull();
    expect(readPreviewCookies(`parley_session=${'<'.repeat(43)}`).token).toBeNull();
    expect(readPreviewCookies('parley_session=%E0%A4%A; parley_lang=xx').language).toBe('en');
    expect(readPreviewCookies(`parley_session=${token}; ${'x=y; '.repeat(2000)}`).token).toBeNull();
  });
});
