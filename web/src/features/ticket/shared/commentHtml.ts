import { escapeHtml } from '@parley/contracts';

/**
 * The composer's plain text as the comment HTML the contracts take: each paragraph (blank-line
 * separated) a `<p>`, single line breaks `<br>`, everything typed escaped (it is text, not markup).
 */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A comment's text for a preview: line breaks where blocks end, no markup, at most `max` characters. */
export function bodyPreview(html: string, max = 600): string {
  const withBreaks = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '$&\n');
  const text = new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, max);
}
