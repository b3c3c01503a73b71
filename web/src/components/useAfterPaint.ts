import { startTransition, useEffect, useState } from 'react';

/**
 * False on a screen's first render, true once the browser has painted it: what the person came for
 * shows first, and the parts beside it (panels, editors) render in the next pass, as a transition
 * that input can interrupt.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before that frame's paint; a task queued from it runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
