import { escapeHtml, ticketAttachmentPath } from '@parley/contracts';

/**
 * The rich-text composer's DOM as the comment HTML the contracts take. Only markup the server's
 * allowlist keeps is written (the server sanitizes again; this keeps what is sent predictable):
 * paragraphs, line breaks, bold, italic, underline, strike, lists, quotes, code, web links and
 * images of our own attachments. Other elements (spans, fonts, pasted wrappers) give their
 * text; scripts and styles give nothing.
 */

const attachmentSrc = ticketAttachmentPath('');
const blocks = new Set(['p', 'blockquote', 'pre', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4']);
const inlines: Record<string, string> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  s: 's',
  strike: 's',
  del: 's',
  code: 'code',
  sub: 'sub',
  sup: 'sup',
};
const dropped = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'title', 'meta', 'head']);

/** An inline image's attachment id, when `src` is one of ours. */
export function attachmentIdOf(src: string | null): string | null {
  if (!src?.startsWith(attachmentSrc)) {
    return null;
  }
  const id = src.slice(attachmentSrc.length);
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}

interface TOptions {
  /** False for pasted markup: its images belong to other comments or other sites. */
  images: boolean;
}

function serializeChildren(node: Node, options: TOptions): string {
  return Array.from(node.childNodes)
    .map((child) => serializeNode(child, options))
    .join('');
}

function serializeNode(node: Node, options: TOptions): string {
  if (node.nodeType === Node.TEXT_NODE) {
    return escapeHtml(node.textContent ?? '');
  }
  if (node.nodeType !== Node.ELEMENT_NODE) {
    return '';
  }
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (dropped.has(tag)) {
    return '';
  }
  if (tag === 'br') {
    return '<br>';
  }
  if (tag === 'img') {
    if (!options.images) {
      return '';
    }
    // Our images show from object URLs, with their attachment id aside (see useInlineImages).
    const held = el.getAttribute('data-file-id') ?? '';
    const id = attachmentIdOf(el.getAttribute('src')) ?? attachmentIdOf(ticketAttachmentPath(held));
    return id
      ? `<img src="${escapeHtml(ticketAttachmentPath(id))}" alt="${escapeHtml(el.getAttribute('alt') ?? '')}">`
      : '';
  }
  const inner = serializeChildren(el, options);
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    return /^(https?:|mailto:)/i.test(href) ? `<a href="${escapeHtml(href)}">${inner}</a>` : inner;
  }
  const inline = inlines[tag];
  if (inline) {
    return inner === '' ? '' : `<${inline}>${inner}</${inline}>`;
  }
  if (tag === 'div') {
    return `<p>${inner}</p>`;
  }
  if (blocks.has(tag)) {
    return `<${tag}>${inner}</${tag}>`;
  }
  return inner;
}

const blockStart = /^<(p|blockquote|pre|ul|ol|li|h[1-4])>/;

/**
 * Top-level runs of text and inline markup become paragraphs; a trailing `<br>` inside a block
 * (browsers add one to keep an empty line open) goes; empty paragraphs at the start and the end go.
 */
export function editorToHtml(root: Node, options: TOptions = { images: true }): string {
  const parts: string[] = [];
  let run = '';
  const flush = () => {
    if (run.replace(/<br>/g, '').trim() !== '' || run.includes('<img')) {
      parts.push(`<p>${run}</p>`);
    }
    run = '';
  };
  for (const child of Array.from(root.childNodes)) {
    const html = serializeNode(child, options);
    if (blockStart.test(html)) {
      flush();
      parts.push(html);
    } else {
      run += html;
    }
  }
  flush();
  const cleaned = parts.map((p) => p.replace(/(<br>)+(<\/(p|li|blockquote|h[1-4])>)$/, '$2'));
  const empty = (p: string) => /^<p>(\s|&nbsp;|\u00a0)*<\/p>$/.test(p);
  while (cleaned.length && empty(cleaned[0] as string)) {
    cleaned.shift();
  }
  while (cleaned.length && empty(cleaned[cleaned.length - 1] as string)) {
    cleaned.pop();
  }
  return cleaned.map((p) => (empty(p) ? '<p><br></p>' : p)).join('');
}

/** The attachment ids of the images in a comment's HTML, in order, once each. */
export function inlineImageIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) {
    const id = attachmentIdOf((match[1] ?? '').replace(/&amp;/g, '&'));
    if (id) {
      ids.add(id);
    }
  }
  return [...ids];
}

/** True when the HTML holds neither words nor an image. */
export function isBlankHtml(html: string): boolean {
  return (
    !html.includes('<img') &&
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, '')
      .trim() === ''
  );
}
