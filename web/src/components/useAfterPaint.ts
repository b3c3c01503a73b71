import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * False on a screen's first render, true once the browser has painted it: what the person came for
 * shows first, and the parts beside it (panels, editors) render in the next pass, as a transition
 * that input can interrupt. `painted` runs once the first render is on screen, before that pass
 * (to ask for what the parts show, say, without delaying the first paint).
 */
export function useAfterPaint(painted?: () => void): boolean {
  const [done, setDone] = useState(false);
  const then = useRef(painted);
  then.current = painted;
  useEffect(() => {
    const go = () => {
      then.current?.();
      startTransition(() => setDone(true));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (document.visibilityState === 'hidden') {
      // A tab in the background paints nothing and runs no frame callbacks (a ticket opened with
      // Ctrl+click): it goes on without waiting to be shown.
      timer = setTimeout(go, 0);
      return () => clearTimeout(timer);
    }
    // A frame's callback runs before that frame's paint; a task queued from it runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(go, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}
