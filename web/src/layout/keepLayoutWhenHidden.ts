/**
 * The kept ticket list's box (Screens): React's `Activity` hides it with `display: none`, which
 * makes Chromium throw away the layout of the list's ~1,200 elements when a ticket opens and build
 * it all again when the agent comes back (measured: 4-7 ms to hide, 33-56 ms to show again, CPU as
 * it is; four times that at the goal's 4× throttle). `content-visibility: hidden` hides the same
 * (nothing drawn, focused, found or read by assistive technology; the box takes no height) but
 * keeps that layout: 1 ms to hide, under 1 ms to show (decision 0006, 2026-12-06).
 *
 * `Activity` has no such mode, so its two writes to this box's style are turned into it: the hide
 * (`setProperty('display', 'none', 'important')`) and the show (`display = ''`). Done where React
 * writes, not in an effect after: nothing may lay the page out in between (a measurement in the
 * same commit would pay the hide, and then the show, in full).
 */
/** A browser without `content-visibility` (Safari before 18, Firefox before 125) keeps `display: none`. */
const keepsLayout = () =>
  typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('content-visibility', 'hidden');

export function keepLayoutWhenHidden(box: HTMLElement | null): void {
  if (!box || Object.hasOwn(box, 'style') || !keepsLayout()) {
    return;
  }
  const real = box.style;
  const hide = (on: boolean) => {
    if (on) {
      real.setProperty('content-visibility', 'hidden');
      // Said to assistive technology too (Chromium already leaves it out; no style depends on it).
      box.setAttribute('aria-hidden', 'true');
      // As `display: none` did: the focus leaves what is hidden (after React's commit, not inside it).
      queueMicrotask(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && box.contains(focused)) {
          focused.blur();
        }
      });
    } else {
      real.removeProperty('content-visibility');
      box.removeAttribute('aria-hidden');
    }
  };
  const style = new Proxy(real, {
    get(target, key) {
      if (key === 'setProperty') {
        return (name: string, value: string | null, priority?: string) => {
          if (name === 'display') {
            hide(value === 'none');
            return;
          }
          target.setProperty(name, value, priority);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, key, value) {
      if (key === 'display') {
        hide(value === 'none');
        return true;
      }
      return Reflect.set(target, key, value, target);
    },
  });
  Object.defineProperty(box, 'style', { get: () => style, configurable: true });
}
