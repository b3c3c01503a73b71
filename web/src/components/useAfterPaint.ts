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
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before that frame's paint; a task queued from it runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        then.current?.();
        startTransition(() => setDone(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}
