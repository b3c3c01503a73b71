import type { MouseEvent } from 'react';

/**
 * A click handler for a link the app follows itself, as the router's Link decides: a plain left
 * click navigates inside the app (to `to`, else the link's own `href`); with a modifier key,
 * another button, a target or a handler that prevented it, the browser's own (a new tab or
 * window, a download). The links in a list's rows and both LinkButtons (Ant Design's and the light one).
 */
export function followLink(navigate: (to: string) => unknown, to?: string) {
  return (event: MouseEvent<HTMLElement>) => {
    const { button, metaKey, altKey, ctrlKey, shiftKey, currentTarget } = event;
    const target = currentTarget.getAttribute('target');
    if (
      event.defaultPrevented ||
      button !== 0 ||
      metaKey ||
      altKey ||
      ctrlKey ||
      shiftKey ||
      (target !== null && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    void navigate(to ?? (currentTarget.getAttribute('href') as string));
  };
}
