import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The viewport tags of an HTML document, as written. */
const viewportTags = (html: string) => html.match(/<meta\s+name="viewport"[^>]*>/g) ?? [];

describe('the page every route is served in (index.html)', () => {
  it('is laid out at the device’s width: a phone or tablet does not draw the public form, survey or staff pages 980px wide and zoomed out', () => {
    // The server sends this file (built) for every path of the app, public pages and the survey included.
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const tags = viewportTags(html);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatch(/content="width=device-width, initial-scale=1(\.0)?"/);
  });
});
