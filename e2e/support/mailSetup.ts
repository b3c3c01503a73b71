import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type MailServers, startMailServers } from '../../server/test/mail-servers.js';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/** This mail test file's server, browser and real mail servers (set before its tests run). */
export let server: RunningServer;
export let browser: Browser;
export let servers: MailServers;
/** The support address the email channel is set up with. */
export const support = 'help@support.test';

/**
 * A mail browser test file: its own real SMTP server and Dovecot, its own server with the email
 * channel pointed at them (`support`) and links made on its address, and a browser, all stopped
 * after the file. Answers how to read a mailbox.
 */
export function setUpMailTests() {
  beforeAll(async () => {
    servers = await startMailServers();
    server = await startServer();
    server.app.parley.publicUrl = server.url;
    server.app.mail.configOverride = servers.config(support);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await servers?.stop();
  });

  /** A mailbox read over IMAP, parsed, after the server's send queue ran. */
  async function inboxOf(address: string) {
    await server.app.parley.jobs.drain();
    return Promise.all((await servers.read(address)).map((m) => simpleParser(m.source)));
  }

  return { inboxOf };
}
