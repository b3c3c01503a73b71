import type { ReactNode } from 'react';

/** A Result's title as the page's heading, so screen readers and tests find it as one. */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
