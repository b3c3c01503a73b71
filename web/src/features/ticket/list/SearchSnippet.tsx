import type { TTicketSnippet } from '@parley/contracts';
import '../shared/ticket.css';
import { text } from '../../../components/Text';

/** The part of a comment a search found, its matched words highlighted (markup for a row's cell, no component). */
export function searchSnippet(snippet: TTicketSnippet) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    if (start < at) {
      continue;
    }
    pieces.push(snippet.text.slice(at, start));
    pieces.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  pieces.push(snippet.text.slice(at));
  return text({ type: 'secondary', className: 'search-snippet', 'data-testid': 'search-snippet', children: pieces });
}
