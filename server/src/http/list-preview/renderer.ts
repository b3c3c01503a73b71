import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The worker's whole code: it loads the web build's server render (web/src/list-preview/renderList.tsx,
 * which brings its own stand-ins for the browser's globals, hence a thread of its own) and renders
 * one page at a time (the texts' language is that bundle's global).
 */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.bundle).then(
  async ({ renderListPreview, warmUp }) => {
    // Compiles the app's code once before the first page (a cold render is ~10x a warm one).
    await warmUp().catch(() => {});
    let queue = Promise.resolve();
    parentPort.on('message', ({ id, input }) => {
      queue = queue.then(() => renderListPreview(input)).then(
        (html) => parentPort.postMessage({ id, html }),
        (error) => parentPort.postMessage({ id, error: String((error && error.stack) || error) }),
      );
    });
    parentPort.postMessage({ ready: true });
  },
  (error) => parentPort.postMessage({ failed: String((error && error.stack) || error) }),
);
`;

const maxWaiting = 4;

interface Pending {
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

/**
 * Renders the ticket list's first paint in a worker thread (decision 0019), started on first use:
 * a server that never serves the list with a session cookie (most tests) never starts it, and the
 * API's event loop never waits for React. `render` answers null when the worker is not ready yet,
 * is busy with more than a few pages, or fails; the page (page.ts) also stops waiting at its
 * budget. The page is then served without it, as before.
 */
export class PreviewRenderer {
  private worker: Worker | null = null;
  private ready = false;
  private broken = false;
  private nextId = 1;
  /** The start under way: settles true once the worker can render, false when it cannot. */
  private starting: Promise<boolean> | null = null;
  private settleStart: ((ok: boolean) => void) | null = null;
  private readonly pending = new Map<number, Pending>();
  /** The bundle's modification time when the worker loaded it: a new build replaces the worker. */
  private loadedMtime = 0;

  constructor(
    private readonly bundle: string,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Enough pages waiting already: another would only wait past its budget. */
  get busy(): boolean {
    return this.pending.size >= maxWaiting;
  }

  /** Starts the worker if it is not running; resolves once it can render (false: it cannot). */
  warm(): Promise<boolean> {
    if (this.ready) {
      return Promise.resolve(true);
    }
    if (!this.starting) {
      // No server render in this build (or it would not load): the pages go without.
      if (this.broken || !fs.existsSync(this.bundle)) {
        return Promise.resolve(false);
      }
      this.starting = new Promise((resolve) => {
        this.settleStart = resolve;
      });
      this.start();
    }
    return this.starting;
  }

  private mtime(): number {
    try {
      return fs.statSync(this.bundle).mtimeMs;
    } catch {
      return 0;
    }
  }

  private start(): void {
    this.loadedMtime = this.mtime();
    const worker = new Worker(workerCode, {
      eval: true,
      workerData: { bundle: pathToFileURL(this.bundle).href },
      // React's production build, whatever the server runs under (tests set NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    worker.unref();
    worker.on('message', (message: { ready?: true; failed?: string; id?: number; html?: string; error?: string }) => {
      // A worker replaced by a newer build's says nothing more.
      if (this.worker !== worker) {
        return;
      }
      if (message.ready) {
        this.ready = true;
        this.settleStart?.(true);
        return;
      }
      if (message.failed) {
        this.broken = true;
        this.settleStart?.(false);
        this.log.warn(
          { err: message.failed },
          'the ticket list server render could not load; pages are served without it',
        );
        void worker.terminate();
        return;
      }
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) {
        return;
      }
      this.pending.delete(message.id);
      if (typeof message.html === 'string') {
        waiting.resolve(message.html);
      } else {
        waiting.reject(new Error(message.error ?? 'render failed'));
      }
    });
    worker.on('error', (error) => {
      if (this.worker === worker) {
        this.log.warn({ err: error }, 'the ticket list server render stopped');
        this.stopWith(error);
      }
    });
    worker.on('exit', () => {
      if (this.worker === worker) {
        this.stopWith(new Error('the render worker exited'));
      }
    });
    this.worker = worker;
  }

  private stopWith(error: Error): void {
    this.worker = null;
    this.ready = false;
    this.settleStart?.(false);
    this.starting = null;
    this.settleStart = null;
    for (const waiting of this.pending.values()) {
      waiting.reject(error);
    }
    this.pending.clear();
  }

  /**
   * The markup, or null when the worker cannot take it (not started, too many waiting) or failed.
   * How long the page waits for it is the page's budget (page.ts), not this.
   */
  async render(input: object): Promise<string | null> {
    // Built again while the server runs: the old worker would draw the old build's markup under
    // the new build's styles and scripts. It goes; this page goes without, the next ones get the new.
    if ((this.worker || this.broken) && this.mtime() !== this.loadedMtime) {
      const old = this.worker;
      this.stopWith(new Error('the web app was built again'));
      this.broken = false;
      void old?.terminate();
    }
    if (!this.ready || !this.worker) {
      void this.warm();
      return null;
    }
    if (this.busy) {
      return null;
    }
    const id = this.nextId++;
    const rendered = new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
    });
    this.worker.postMessage({ id, input });
    try {
      return await rendered;
    } catch (error) {
      this.log.warn({ err: error }, 'the ticket list server render failed; the page is served without it');
      return null;
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.stopWith(new Error('closed'));
    await worker?.terminate();
  }
}
