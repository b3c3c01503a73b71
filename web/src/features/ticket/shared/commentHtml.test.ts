import { describe, expect, it } from 'vitest';
import { textToHtml } from './commentHtml';

describe('textToHtml', () => {
  it('makes paragraphs and line breaks, and escapes markup', () => {
    expect(textToHtml('Hello <b>you</b> & co\nsecond line\n\n\nNew paragraph\n')).toBe(
      '<p>Hello &lt;b&gt;you&lt;/b&gt; &amp; co<br>second line</p><p>New paragraph</p>',
    );
    expect(textToHtml('   \n\n ')).toBe('');
  });
});
