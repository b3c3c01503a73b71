import { useRef } from 'react';

const control = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), button:not([disabled])';
/** Inside what is not shown: a form item holding a value only (`hidden`). */
const hidden = '[hidden], .ant-form-item-hidden';

/**
 * The keyboard follows a row that an "Add" button puts in a list editor (conditions, actions):
 * call `added()` in the button's click, before adding; when `box` next gains a child (the new
 * row), the first control in it takes the focus. Other changes of the list (a row removed, a value
 * edited) leave the focus where it is.
 */
export function useFocusAdded<T extends HTMLElement = HTMLDivElement>() {
  const box = useRef<T>(null);
  return {
    box,
    added: () => {
      const list = box.current;
      if (!list) {
        return;
      }
      const before = new Set(list.children);
      const watch = new MutationObserver(() => {
        const row = [...list.children].find((child) => !before.has(child));
        if (row) {
          watch.disconnect();
          [...row.querySelectorAll<HTMLElement>(control)].find((c) => !c.closest(hidden))?.focus();
        }
      });
      watch.observe(list, { childList: true });
      // Nothing added after all (the change was refused): stop watching.
      setTimeout(() => watch.disconnect(), 1000);
    },
  };
}
