/**
 * A move inside the app (another page, another view) made once the data it shows is in, at most
 * `capMs` later (issue 15). Moving at the click drew the next screen twice: first waiting (a
 * skeleton, a spinner over the old rows), then again with its data; and its data was asked for
 * only after that first drawing. Asked for at the click and moved to when it is in, the screen is
 * drawn once, sooner; the old one stays meanwhile (a click marks what it chose at once). Past the
 * cap (a slow network) it moves anyway and shows its waiting state as before.
 * The last click wins, and a move is dropped when the address changed meanwhile (the agent went
 * elsewhere): a late move would take them back.
 */
let latest = 0;

export function moveWhenReady(load: Promise<unknown>, move: () => void, capMs = 300): void {
  const mine = ++latest;
  const from = window.location.href;
  const cap = new Promise((resolve) => setTimeout(resolve, capMs));
  void Promise.race([load.catch(() => undefined), cap]).then(() => {
    if (mine === latest && window.location.href === from) {
      move();
    }
  });
}
