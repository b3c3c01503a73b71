import {
  cloneElement,
  type HTMLAttributes,
  lazy,
  type ReactElement,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';

const Popup = lazy(() => import('./LatestCommentPopup').then((m) => ({ default: m.LatestCommentPopup })));

/** How long the pointer rests on a subject before its latest comment shows (Ant Design's 0.6 s). */
const restMs = 600;

/**
 * Resting the pointer on a subject shows the ticket's latest comment, so an agent can triage
 * without opening it; the comments are then already loaded when they do. The popover (Ant
 * Design's Popover and Skeleton) loads the first time a pointer rests on a subject, not with
 * the list.
 */
export function LatestCommentPopover({
  ticketId,
  children,
}: {
  ticketId: number;
  children: ReactElement<HTMLAttributes<HTMLElement>>;
}) {
  const [armed, setArmed] = useState(false);
  const inside = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (armed) {
    return (
      <Suspense fallback={children}>
        <Popup ticketId={ticketId} defaultOpen={inside.current}>
          {children}
        </Popup>
      </Suspense>
    );
  }
  return cloneElement(children, {
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
