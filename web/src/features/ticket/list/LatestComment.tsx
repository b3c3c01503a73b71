import {
  type CSSProperties,
  type HTMLAttributes,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ticketPaths } from '../shared/queries';

const Popup = lazy(() => import('./LatestCommentPopup').then((m) => ({ default: m.LatestCommentPopup })));

/** How long the pointer rests on a subject before its latest comment shows (Ant Design's 0.6 s). */
const restMs = 600;

/**
 * A ticket's subject in a list: a link to the ticket, and resting the pointer on it shows the
 * ticket's latest comment, so an agent can triage without opening it; the comments are then
 * already loaded when they do. The popover (Ant Design's Popover and Skeleton) loads the first
 * time a pointer rests on a subject, not with the list.
 * The link is the router Link's markup (`href`, `data-discover`) with the list's one click handler
 * (`onClick`: a plain click opens the ticket in the app): a Link per row was a component of its
 * own with a dozen hooks (issue 15: ~2.4 ms each at 4× CPU on opening search).
 */
export function LatestCommentLink({
  ticketId,
  style,
  onClick,
  children,
}: {
  ticketId: number;
  style: CSSProperties;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  const [armed, setArmed] = useState(false);
  const inside = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const link = (hover?: Pick<HTMLAttributes<HTMLAnchorElement>, 'onMouseEnter' | 'onMouseLeave'>) => (
    <a href={ticketPaths.edit(ticketId)} data-discover="true" style={style} onClick={onClick} {...hover}>
      {children}
    </a>
  );
  if (armed) {
    return (
      <Suspense fallback={link()}>
        <Popup ticketId={ticketId} defaultOpen={inside.current}>
          {link()}
        </Popup>
      </Suspense>
    );
  }
  return link({
    onMouseEnter: () => {
      inside.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setArmed(true), restMs);
    },
    onMouseLeave: () => {
      inside.current = false;
      clearTimeout(timer.current);
    },
  });
}
