/**
 * The ticket list as the server drew it (decision 0019): the page's first paint, a picture over the
 * app (inert) while the app loads. It goes once the app's own list has its rows (or its empty or
 * failed state), or the app shows any other page.
 */
export const previewId = 'parley-preview';

export function dismissPreview(): void {
  document.getElementById(previewId)?.remove();
}
