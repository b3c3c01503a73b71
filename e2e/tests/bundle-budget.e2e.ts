// Issue 15: what each page downloads before it first renders, from the build's manifest (not
// timed, so it cannot flake): each page within its ceiling of gzipped JavaScript (support/bundle.ts
// says where they stand against the 170 KB and 350 KB), the public pages without Ant Design
// and zod, and no chunk over 500 kB.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ceilingsKb,
  goalsKb,
  pageModules,
  pageWeight,
  readChunkOf,
  readManifest,
  staticClosure,
  type TPage,
  webDist,
} from '../support/bundle.js';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const ceiling = (page: TPage) => ceilingsKb[page];

describe('JavaScript budget per page (gzipped, before first render)', () => {
  for (const page of Object.keys(pageModules) as TPage[]) {
    it(`${page}: within ${ceiling(page)} KB (goal ${goalsKb[page]} KB)`, () => {
      const weight = pageWeight(page);
      const detail = `${kb(weight.gzipBytes)} KB gzipped in ${weight.files.length} files: ${weight.files.join(', ')}`;
      expect(kb(weight.gzipBytes), detail).toBeLessThanOrEqual(ceiling(page));
    });
  }

  it('public pages do not load the staff screens', () => {
    const manifest = readManifest();
    const chunkOf = readChunkOf();
    const fileOf = (key: string) => manifest[key]?.file ?? chunkOf[key];
    const shell = fileOf('src/layout/StaffShell.tsx');
    const list = fileOf('src/features/ticket/list/TicketListPage.tsx');
    expect(shell).toBeTruthy();
    expect(list).toBeTruthy();
    for (const page of ['public form /', '/home/satisfaction', '/wswt/login', '/wswt/password'] as const) {
      const files = pageWeight(page).files;
      expect(files).not.toContain(shell);
      expect(files).not.toContain(list);
    }
  });

  it('the staff shell with the list loads its code in a few files, not one per set of screens sharing it', () => {
    // Rolldown's split made it 87 files, 64 under 4 kB; web/build/staff-chunk.ts groups them.
    const files = pageWeight('staff shell + ticket list').files;
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(20);
  });

  it('every page loads what all pages share in a few files', () => {
    // The entry's static imports, through and through: rolldown split them into ten files by which
    // lazy screens share them, each a request and a module record before a page's first paint;
    // web/build/staff-chunk.ts puts the app's part of them in one file beside the entry's own.
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
    const files = staticClosure(manifest, [entry], readChunkOf());
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(4);
  });

  it('public pages load neither Ant Design nor zod before they render', () => {
    // Markers that survive minifying: antd's icon class (its ConfigProvider and every icon) and
    // zod's error class name. The staff shell has both, so the markers are known to work.
    const carrying = (page: TPage, marker: RegExp) =>
      pageWeight(page).files.filter((file) => marker.test(fs.readFileSync(path.join(webDist, file), 'utf8')));
    expect(carrying('staff shell + ticket list', /anticon/).length).toBeGreaterThan(0);
    expect(carrying('staff shell + ticket list', /ZodError/).length).toBeGreaterThan(0);
    for (const page of ['public form /', '/home/satisfaction', '/wswt/login', '/wswt/password'] as const) {
      expect(carrying(page, /anticon/), page).toEqual([]);
      expect(carrying(page, /ZodError/), page).toEqual([]);
    }
  });

  it('ECharts is loaded by a report chart alone: no page, the report screens included, has it before first render', () => {
    const manifest = readManifest();
    const chart = manifest['src/features/report/Chart.tsx']?.file;
    expect(chart).toBeTruthy();
    const charts = [chart, ...Object.values(manifest).flatMap((m) => (m.file.includes('zrender') ? [m.file] : []))];
    for (const page of Object.keys(pageModules) as TPage[]) {
      expect(pageWeight(page).files.filter((f) => charts.includes(f))).toEqual([]);
    }
    const reportScreens = Object.keys(manifest).filter((k) => /features\/(report|dashboard)\/\w+Page\.tsx$/.test(k));
    expect(reportScreens.length).toBe(8);
    expect(staticClosure(manifest, reportScreens).filter((f) => charts.includes(f))).toEqual([]);
  });

  it("the back office's files ask V8 to compile them as they load, React's too; the public pages' small files do not", () => {
    // web/build/compile-hints.ts: the first ticket opened compiled its code on the main thread.
    const read = (file: string) => fs.readFileSync(path.join(webDist, file), 'utf8');
    const hinted = (file: string) => read(file).startsWith('//# allFunctionsCalledOnLoad\n');
    const publicFiles = new Set(
      (['public form /', '/home/satisfaction', '/wswt/login', '/wswt/password'] as const).flatMap(
        (page) => pageWeight(page).files,
      ),
    );
    const ticketPage = readManifest()['src/features/ticket/page/TicketPage.tsx']?.file;
    expect(ticketPage).toBeTruthy();
    // Files of a few hundred bytes (re-exports) have nothing to compile ahead; the build's files
    // only (the HTML's own prefetch script runs whole as it arrives).
    const staffOnly = [...pageWeight('staff shell + ticket list').files, ticketPage as string].filter(
      (file) => file.startsWith('assets/') && !publicFiles.has(file) && Buffer.byteLength(read(file)) >= 2_000,
    );
    expect(staffOnly.length).toBeGreaterThan(1);
    expect(staffOnly.filter((file) => !hinted(file))).toEqual([]);
    const react = [...publicFiles].filter((file) => /vendor-react/.test(file));
    expect(react.length).toBe(1);
    expect(react.filter(hinted)).toEqual(react);
    const small = [...publicFiles].filter((file) => Buffer.byteLength(read(file)) < 20_000);
    expect(small.length).toBeGreaterThan(5);
    expect(small.filter(hinted)).toEqual([]);
  });

  it('no JavaScript file is over 500 kB, and each has its brotli and gzip copies', () => {
    const assets = path.join(webDist, 'assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const name of scripts) {
      const size = fs.statSync(path.join(assets, name)).size;
      expect(size, name).toBeLessThanOrEqual(500 * 1000);
      if (size > 2048) {
        expect(fs.existsSync(path.join(assets, `${name}.br`)), `${name}.br`).toBe(true);
        expect(fs.existsSync(path.join(assets, `${name}.gz`)), `${name}.gz`).toBe(true);
      }
    }
  });
});
