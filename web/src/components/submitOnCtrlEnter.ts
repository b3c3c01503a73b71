import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (Cmd+Enter) in a text box sends its form; Enter alone starts a new line. */
export function submitOnCtrlEnter(submit: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
}

/** A touch screen's keyboard has no Ctrl key: a hint about Ctrl+Enter means nothing there. */
export function ctrlEnterHintFits(): boolean {
  return !window.matchMedia?.('(pointer: coarse)').matches;
}
