import { convert } from 'html-to-text';

/**
 * The plain-text part of a mail, as a person would type it: paragraphs apart by a blank line,
 * links as "text (address)", quoted history (`<blockquote>`) behind "> ", pictures left out.
 */
export function mailText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'hr', options: { length: 20 } },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  }).trim();
}
