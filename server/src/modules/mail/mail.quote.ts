/**
 * The quoted history of a reply, folded away. Only history at the END of a mail goes (after it
 * nothing but blank lines or the writer's signature): a customer who answers between the quoted
 * questions keeps the questions with the answers, as email_reply_parser and Zammad read mail.
 */

/** One line of a mail's HTML: where it starts and ends, its text, and whether it is quoted. */
interface Line {
  start: number;
  end: number;
  text: string;
  /** Its text sits in a quoting `<blockquote>` (type=cite, Gmail's, Yahoo's). */
  cited: boolean;
  /** Gmail's and Thunderbird's mark on the "On … wrote:" line. */
  attribution: boolean;
}

const blockTags = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'hr',
]);

const decode = (text: string) =>
  text
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&gt;/gi, '>')
    .replace(/&lt;/gi, '<')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/gi, '&');

/** The HTML cut into the lines a reader sees (`<br>`, blocks, and line ends of text). */
function linesOf(html: string): Line[] {
  const lines: Line[] = [];
  const fresh = (at: number): Line => ({ start: at, end: at, text: '', cited: false, attribution: false });
  let line = fresh(0);
  const quoting: boolean[] = [];
  const breakAt = (end: number, next: number) => {
    line.end = end;
    lines.push(line);
    line = fresh(next);
  };
  let last = 0;
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>|\n/gi)) {
    const at = m.index;
    const text = decode(html.slice(last, at));
    line.text += text;
    if (text.trim() && quoting.some(Boolean)) {
      line.cited = true;
    }
    last = at + m[0].length;
    if (m[0] === '\n' || m[2]?.toLowerCase() === 'br') {
      breakAt(last, last);
      continue;
    }
    const tag = (m[2] as string).toLowerCase();
    const closing = m[1] === '/';
    if (tag === 'blockquote') {
      if (closing) {
        quoting.pop();
        breakAt(last, last);
      } else {
        breakAt(at, at);
        quoting.push(/type="?cite|class="[^"]*(gmail_quote|yahoo)/i.test(m[0]));
      }
    } else if (blockTags.has(tag)) {
      if (closing) {
        breakAt(last, last);
      } else {
        breakAt(at, at);
      }
    }
    if (!closing && /class="[^"]*(gmail_attr|moz-cite-prefix)/i.test(m[0])) {
      line.attribution = true;
    }
  }
  line.text += decode(html.slice(last));
  breakAt(html.length, html.length);
  return lines;
}

const blank = (l: Line) => !l.text.trim();
const quoted = (l: Line) => l.cited || /^\s*>/.test(l.text);

/** "wrote:" and its kin, at the end of a line of its own (English, Chinese, some European clients). */
const wroteEnd =
  /(wrote|schrieb|a écrit|escribió|ha scritto|scrisse|escreveu|schreef|написал\(а\)|написала?|写道|寫道|書きました)\s*[:：]\s*$/i;

/**
 * An attribution line: its own line, ending with "wrote:" (写道：…), that names a time or an
 * address ("On Monday my manager wrote:" does not), from a mail client's pattern.
 */
function isAttribution(text: string): boolean {
  const t = text.trim();
  if (t.length > 400 || !wroteEnd.test(t) || !/\d|@/.test(t)) {
    return false;
  }
  return /^(On|Am|Le|El|Il|Em|Op|在)\s?/i.test(t) || /<[^<>\s]+@[^<>\s]+>|\d{4}\s*年/.test(t);
}

/** The line that opens a client's unquoted copy of the history: QQ Mail, Foxmail, Outlook. */
const separator = /^\s*(-{2,}\s*(Original( Message)?|原始邮件|原始郵件|原始信件)\s*-{2,}|_{10,})\s*$/i;
const historyHeader =
  /^\s*(From|Sent|Date|To|Subject|发件人|發件人|寄件者|发送时间|發送時間|日期|收件人|主题|主題)\s*[:：]/i;

/** The index of the first line of a separator followed by the history's headers, else -1. */
function separatorAt(lines: Line[]): number {
  for (let i = 0; i < lines.length; i++) {
    if (!separator.test((lines[i] as Line).text)) {
      continue;
    }
    const next = lines.slice(i + 1).find((l) => !blank(l));
    if (next && historyHeader.test(next.text)) {
      return i;
    }
  }
  return -1;
}

/** Where the writer's signature at the end of the mail begins (a "-- " line), else lines.length. */
function trailerAt(lines: Line[]): number {
  let i = lines.length;
  while (i > 0 && blank(lines[i - 1] as Line)) {
    i--;
  }
  for (let j = i - 1, own = 0; j >= 0 && own <= 8; j--) {
    const l = lines[j] as Line;
    if (quoted(l)) {
      break;
    }
    if (/^\s*(--|—)\s*$/.test(l.text)) {
      return j;
    }
    own += blank(l) ? 0 : 1;
  }
  return i;
}

/** The span of the quoted history at the end of the mail: [first line, first line after it), or null. */
function trailingQuote(lines: Line[]): [number, number] | null {
  const end = trailerAt(lines);
  let first = end;
  let count = 0;
  let cited = false;
  for (let i = end - 1; i >= 0; i--) {
    const l = lines[i] as Line;
    if (blank(l)) {
      continue;
    }
    if (!quoted(l)) {
      break;
    }
    first = i;
    count++;
    cited ||= l.cited;
  }
  if (count === 0) {
    return null;
  }
  // The attribution just above it (blank lines between), on one line or wrapped over two.
  let above = first - 1;
  while (above >= 0 && blank(lines[above] as Line)) {
    above--;
  }
  const one = lines[above];
  const two = lines[above - 1];
  if (one && (one.attribution || isAttribution(one.text))) {
    return [above, end];
  }
  if (one && two && !blank(two) && !quoted(two) && isAttribution(`${two.text} ${one.text}`)) {
    return [above - 1, end];
  }
  // Without an attribution, one "> " line may be the writer's own; a quoting blockquote is not.
  return cited || count >= 2 ? [first, end] : null;
}

/** Empty containers and line breaks left at the end of a cut. */
const tidyEnd = (html: string) => {
  let out = html;
  for (;;) {
    const next = out
      .replace(/(\s|&nbsp;|<br\s*\/?>|<(div|p|span|blockquote)\b[^>]*>)+$/i, '')
      .replace(/<(div|p|span)\b[^>]*>(\s|&nbsp;|<br\s*\/?>)*<\/\1>$/i, '');
    if (next === out) {
      return out;
    }
    out = next;
  }
};

/**
 * Removes the quoted history of a reply: Outlook's and Yahoo's history blocks, a client's
 * "Original Message" copy (QQ Mail, Foxmail, Outlook in text), and quoted text (`> ` lines or a
 * quoting `<blockquote>`) with its "On … wrote:" line when it ends the mail. Quotes followed by
 * the writer's own words are kept: those are answers between the questions.
 */
export function foldQuoted(html: string): string {
  let out = html
    .replace(/<div[^>]*class="[^"]*yahoo_quoted[^"]*"[\s\S]*$/i, '')
    .replace(/<div[^>]*id="?(divRplyFwdMsg|appendonsend)"?[\s\S]*$/i, '');
  let lines = linesOf(out);
  const history = separatorAt(lines);
  if (history >= 0) {
    out = tidyEnd(out.slice(0, (lines[history] as Line).start));
    lines = linesOf(out);
  }
  const span = trailingQuote(lines);
  if (span) {
    const [from, to] = span;
    // The signature after it stays; closing tags alone go (sanitizing closes what is open).
    const signed = lines.slice(to).some((l) => !blank(l));
    const rest = signed ? `<br>${out.slice((lines[to] as Line).start)}` : '';
    out = tidyEnd(out.slice(0, (lines[from] as Line).start)) + rest;
  }
  return out.trim() || html;
}
