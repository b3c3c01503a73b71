import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { signIn, signInAdmin } from '../../server/test/app.js';
import { buildAgent, defaultPassword, giveDefaultRole } from '../../server/test/factories.js';
import { launchBrowser, signedIn } from './browser.js';
import { startHostPage } from './hostPage.js';
import { type RunningServer, startServer } from './server.js';

/** This chat test file's server, browser, admin token and shop page (set before its tests run). */
export let server: RunningServer;
export let browser: Browser;
export let adminToken: string;
export let hostUrl: string;

/**
 * A chat browser test file: its own server, a browser, the admin's token and a shop's page that
 * embeds the widget, all stopped after the file. Answers how to make online chat agents.
 */
export function setUpChatTests() {
  let closeHost: (() => void) | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminToken = await signInAdmin(server.app);
    const hostPage = await startHostPage(server.url);
    hostUrl = hostPage.url;
    closeHost = hostPage.close;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    closeHost?.();
  });

  /** An online chat agent who may see every ticket, signed in once (answers their token too). */
  async function chatAgent(realName: string) {
    const agent = await buildAgent(server.database.db, {
      realName,
      toolAccess: ['chat'],
      chatState: 'online',
      ticketAccess: 'all',
    });
    await giveDefaultRole(server.database.db, agent.accountId);
    const token = await signIn(server.app, agent.email, defaultPassword);
    return { ...agent, token };
  }

  /** A chat agent signed in on the chat workspace; with `nothingWaiting`, once it says so. */
  async function agentOnChat(
    realName: string,
    o: { nothingWaiting?: boolean } = {},
  ): Promise<{ agent: Awaited<ReturnType<typeof chatAgent>>; agentPage: Page }> {
    const agent = await chatAgent(realName);
    const agentPage = await signedIn(
      browser,
      server.url,
      { email: agent.email, password: defaultPassword },
      '/wswt/chat',
    );
    if (o.nothingWaiting) {
      await agentPage.getByText('No chat is waiting').waitFor();
    }
    return { agent, agentPage };
  }

  return { chatAgent, agentOnChat };
}
