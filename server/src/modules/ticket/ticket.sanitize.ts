import { escapeHtml, ticketAttachmentPath } from '@parley/contracts';
import sanitizeHtml from 'sanitize-html';

/** The one place where comment HTML becomes safe to store and show. */
const attachmentSrc = ticketAttachmentPath('');

const baseOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  // No javascript:, data: or vbscript: URLs: links go to the web or to mail, images to our attachments only.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !String(frame.attribs.src ?? '').startsWith(attachmentSrc),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** Links as text: the anchors go, their words stay. */
const noLinkOptions: sanitizeHtml.IOptions = {
  ...baseOptions,
  allowedTags: (baseOptions.allowedTags as string[]).filter((t) => t !== 'a'),
};

const urlPattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Plain text (the public form's textarea) becomes escaped paragraphs. */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Bare URLs in text become links (outside existing anchors). */
function linkify(html: string): string {
  let inAnchor = 0;
  return html
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) {
          inAnchor++;
        } else if (/^<\/a>/i.test(part)) {
          inAnchor = Math.max(0, inAnchor - 1);
        }
        return part;
      }
      return inAnchor ? part : part.replace(urlPattern, (url) => `<a href="${url}">${url}</a>`);
    })
    .join('');
}

/**
 * Sanitizes a comment body with an allowlist: basic formatting, lists, tables, links (http,
 * https, mailto; opened in a new tab without referrer) and images of our own attachments. Scripts,
 * styles, event handlers and other URL schemes are removed. With `showHyperlink` off, links are
 * kept as their text only; with it on, bare URLs become links.
 */
export function sanitizeBody(body: string, options: { showHyperlink: boolean; plainText?: boolean }): string {
  const html = options.plainText ? textToHtml(body) : body;
  if (!options.showHyperlink) {
    return sanitizeHtml(html, noLinkOptions).trim();
  }
  // Sanitize first (so that linkify only sees safe, well-formed markup), then again after
  // linkify made anchors (only when there is a URL: sanitizing is most of a write's CPU).
  const safe = sanitizeHtml(html, baseOptions);
  if (!/https?:\/\//i.test(safe)) {
    return safe.trim();
  }
  return sanitizeHtml(linkify(safe), baseOptions).trim();
}

/** The words of a sanitized body, for search and for the "is it empty?" check. */
export function bodyText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-4]|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|nbsp|#39);/gi, (entity, code: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };
      const lower = code.toLowerCase();
      if (named[lower] !== undefined) {
        return named[lower];
      }
      const n = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : entity;
    })
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** True when a body has nothing to show: no words and no image. */
export const isEmptyBody = (html: string) => bodyText(html) === '' && !/<img\b/i.test(html);
