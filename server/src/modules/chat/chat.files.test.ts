import { chatOps, homeChatAttachmentPath } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, setUpChatApp, t } from '../../../test/chat-app.js';
import { chatAgent, randomIp, startChat } from '../../../test/chat-kit.js';
import { png, uploadAs } from '../../../test/images.js';

/** Files in a chat: the agent sends one, the visitor downloads it with their key (and nothing else). */
describe('files in a chat', () => {
  setUpChatApp();

  const download = (visitorToken: string, fileId: string) =>
    t.app.inject({
      method: 'POST',
      url: homeChatAttachmentPath,
      payload: { visitor_token: visitorToken, file_id: fileId },
      headers: { 'x-forwarded-for': randomIp() },
    });

  it("gives the visitor the files of their chat's public messages, not a note's nor another chat's", async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const chat = await startChat(t);
    const other = await startChat(t);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    const manual = Buffer.from('Step 1: unplug the router.\n');
    const shared = await uploadAs(t.app, alice.token, manual, 'Reset guide.txt', 'text/plain');
    const sent = await api(
      chatOps.messageAdd,
      { ticket_id: chat.ticket_id, body: 'Here is the guide', client_message_id: 'f-1', file_ids: [shared] },
      alice.token,
    );
    expect(sent.code, sent.msg).toBe('0000');
    const picture = await uploadAs(t.app, alice.token, png(4, 4), 'internal.png', 'image/png');
    const note = await api(
      chatOps.messageAdd,
      {
        ticket_id: chat.ticket_id,
        body: 'For us only',
        client_message_id: 'f-2',
        file_ids: [picture],
        is_public: false,
      },
      alice.token,
    );
    expect(note.code, note.msg).toBe('0000');

    const got = await download(chat.visitor_token, shared);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(manual)).toBe(true);
    expect(got.headers['content-disposition']).toContain('attachment; filename="Reset guide.txt"');
    expect(got.headers['content-type']).toBe('application/octet-stream');

    // The note's file, and this chat's file asked with another chat's key: as if they did not exist.
    for (const [token, fileId] of [
      [chat.visitor_token, picture],
      [other.visitor_token, shared],
    ] as const) {
      const refused = await download(token, fileId);
      expect(refused.json().code).toBe('0404');
    }
    const unknownKey = await download('x'.repeat(43), shared);
    expect(unknownKey.json().code).toBe('0401');
    const badId = await download(chat.visitor_token, 'not a file id');
    expect([badId.json().code, Object.keys(badId.json().data?.fields ?? badId.json().fields ?? {})]).toEqual([
      'FFFF',
      ['file_id'],
    ]);
  });
});
