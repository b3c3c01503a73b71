// What the app's modules read of the browser as they load (the language and the last view from
// storage, the phone-width media query), for the server's render worker only (renderList.tsx
// imports this first). No document: nothing in a render may touch one.
const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
  clear: () => memory.clear(),
};
const media = () => ({
  matches: false,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
});
Object.assign(globalThis, {
  window: globalThis,
  localStorage: storage,
  sessionStorage: storage,
  matchMedia: media,
  location: new URL('http://parley.invalid/wswt'),
});
