import type { CSSProperties } from 'react';

/** Out of sight, still read: the usual "visually hidden" box. */
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A small polite live region: a screen reader reads `text` when it changes, and nothing else of
 * the screen (a list or a transcript is not itself live: it would be read whole on every change).
 * Always rendered, so the region exists before its first text.
 */
export function LiveStatus({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" style={hidden}>
      {text}
    </div>
  );
}
