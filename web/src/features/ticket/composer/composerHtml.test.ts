import { ticketAttachmentPath } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { editorToHtml, inlineImageIds, isBlankHtml } from './composerHtml';

const fileId = 'AbCdEfGhIjKlMnOpQrStUv';

function fromHtml(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  return editorToHtml(root);
}

describe('composer HTML', () => {
  it('wraps loose text in a paragraph and escapes it', () => {
    expect(fromHtml('Checked &lt;the&gt; fuse<br>all good')).toBe('<p>Checked &lt;the&gt; fuse<br>all good</p>');
  });

  it('keeps formatting and lists, turns divs into paragraphs and drops trailing line breaks', () => {
    expect(
      fromHtml(
        '<div>Hello <strong>there</strong> <em>you</em><br></div><div><br></div><ul><li>one</li></ul><p><br></p>',
      ),
    ).toBe('<p>Hello <b>there</b> <i>you</i></p><p><br></p><ul><li>one</li></ul>');
  });

  it('keeps our attachment images and web links, drops other images, scripts, styles and attributes', () => {
    const src = ticketAttachmentPath(fileId);
    expect(
      fromHtml(
        `<p style="color:red" onclick="x()">a <img src="${src}" alt="shot.png" width="9">` +
          '<img src="data:image/png;base64,AAAA"><img src="https://evil.example/x.png"></p>' +
          '<script>alert(1)</script><a href="javascript:alert(2)">bad</a> <a href="https://ok.example">ok</a>',
      ),
    ).toBe(`<p>a <img src="${src}" alt="shot.png"></p><p>bad <a href="https://ok.example">ok</a></p>`);
  });

  it('writes an image shown from an object URL with its attachment address; pasted markup loses its images', () => {
    const html = `<p>look <img src="blob:http://localhost/1" data-file-id="${fileId}" alt="a.png"></p>`;
    expect(fromHtml(html)).toBe(`<p>look <img src="${ticketAttachmentPath(fileId)}" alt="a.png"></p>`);
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(editorToHtml(root, { images: false })).toBe('<p>look </p>');
    expect(fromHtml('<img src="blob:http://localhost/2" data-file-id="../../etc">')).toBe('');
  });

  it('finds the inline images and tells an empty body', () => {
    const html = `<p><img src="${ticketAttachmentPath(fileId)}" alt=""></p><p><img src="${ticketAttachmentPath(fileId)}" alt=""></p>`;
    expect(inlineImageIds(html)).toEqual([fileId]);
    expect(isBlankHtml(html)).toBe(false);
    expect(isBlankHtml('<p><br></p><p>&nbsp;</p>')).toBe(true);
    expect(fromHtml('<p><br></p>')).toBe('');
  });
});
