import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviewRenderer } from './renderer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-render-'));
const bundle = path.join(dir, 'renderList.mjs');
/** A stand-in for the web build's server render: it draws which build it is. */
const build = (name: string, mtimeMs: number) => {
  fs.writeFileSync(
    bundle,
    `export const warmUp = async () => {};\nexport const renderListPreview = async () => '<p>${name}</p>';\n`,
  );
  const at = new Date(mtimeMs);
  fs.utimesSync(bundle, at, at);
};
const renderer = new PreviewRenderer(bundle, { warn: () => {} });
afterAll(async () => {
  await renderer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the list preview renderer', () => {
  it('draws with the build on disk: a build made while the server runs replaces the worker', async () => {
    build('first', 1_700_000_000_000);
    expect(await renderer.warm()).toBe(true);
    expect(await renderer.render({})).toBe('<p>first</p>');
    build('second', 1_700_000_100_000);
    // The page that finds the new build goes without a drawing; the next ones get the new build's.
    expect(await renderer.render({})).toBeNull();
    expect(await renderer.warm()).toBe(true);
    expect(await renderer.render({})).toBe('<p>second</p>');
  });
});
