/**
 * The ticket list as the server drew it (decision 0019): the page's first paint, a picture over the
 * app (inert) while the app loads. It goes once the app's own list has its rows (or its empty or
 * failed state), or the app shows any other page.
 */
const previewId = 'parley-preview';

export function dismissPreview(): void {
  document.getElementById(previewId)?.remove();
}

/**
 * A press or a key while the picture is up reveals the app and does nothing else: the picture is
 * inert, so the press would reach the app beneath it, unseen (a menu opening out of sight, a
 * second press signing out). Installed once at start, only when the page came with a picture.
 */
export function revealOnFirstInput(): void {
  if (!document.getElementById(previewId)) {
    return;
  }
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const reveal = (event: Event) => {
    if (!document.getElementById(previewId)) {
      stop();
      return;
    }
    swallow(event);
    dismissPreview();
    if (event.type === 'pointerdown') {
      // The click that follows this press lands on what was beneath: it goes too.
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 1000);
    }
    stop();
  };
  const stop = () => {
    window.removeEventListener('pointerdown', reveal, { capture: true });
    window.removeEventListener('keydown', reveal, { capture: true });
  };
  window.addEventListener('pointerdown', reveal, { capture: true });
  window.addEventListener('keydown', reveal, { capture: true });
}
