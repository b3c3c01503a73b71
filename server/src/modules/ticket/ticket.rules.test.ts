import { ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildEndUser, buildTicket, uniqueDomain } from '../../../test/factories.js';
import { agent, api, db, setUpApp, withSettings } from '../../../test/kit.js';
import { commentsOf } from '../../../test/reads.js';

setUpApp({ ticketDefaults: true });

describe('CCs, followers and their blocklist', () => {
  it('refuses a CC whose address or domain is blocked, naming it; followers must be staff', async () => {
    const domain = uniqueDomain('blocked');
    const blocked = await buildEndUser(db(), { email: `someone@${domain}` });
    const fine = await buildEndUser(db());
    const helper = await buildAgent(db());
    const { ticketId } = await buildTicket(db());
    await withSettings({ follow_and_ccs_blacklist: `@${domain} nobody@example.org` }, async () => {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, cc_ids: [fine.accountId, blocked.accountId] });
      expect([res.code, res.msg]).toEqual(['FFFF', `someone@${domain} cannot be added as a CC or follower`]);
      const ok = await api(ticketOps.edit, {
        ticket_id: ticketId,
        cc_ids: [fine.accountId],
        follower_ids: [helper.accountId],
      });
      expect([ok.data.cc_ids, ok.data.follower_ids]).toEqual([[fine.accountId], [helper.accountId]]);
      const notStaff = await api(ticketOps.edit, { ticket_id: ticketId, follower_ids: [fine.accountId] });
      expect(notStaff.msg).toBe('Followers must be agents or administrators');
    });
  });

  it('ignores CCs, followers and tags while their settings are off', async () => {
    const fine = await buildEndUser(db());
    const { ticketId } = await buildTicket(db(), { tags: ['kept'] });
    await withSettings({ enable_ccs: false, enable_follow: false, enable_tag: false }, async () => {
      const res = await api(ticketOps.edit, {
        ticket_id: ticketId,
        cc_ids: [fine.accountId],
        tags: ['new'],
        priority: 'low',
      });
      expect(res.code).toBe('0000');
      expect([res.data.cc_ids, res.data.tags, res.data.priority]).toEqual([[], ['kept'], 'low']);
    });
  });
});

describe('ticket settings at work', () => {
  it('auto_assign gives an unassigned ticket to the first agent who replies publicly', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    await withSettings({ auto_assign: true }, async () => {
      const res = await api(
        ticketOps.edit,
        { ticket_id: ticketId, comment: { body: 'mine now', is_public: true } },
        a.token,
      );
      expect([res.data.assignee_id, res.data.ticket_state]).toEqual([a.accountId, 'open']);
    });
  });

  it('allow_reassign off: an agent cannot take a ticket assigned to someone else', async () => {
    const owner = await agent();
    const other = await agent();
    const { ticketId } = await buildTicket(db(), { assigneeId: owner.accountId });
    await withSettings({ allow_reassign: false }, async () => {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, assignee_id: other.accountId }, other.token);
      expect([res.code, res.msg]).toEqual([
        'FFFF',
        'This ticket is assigned to another agent and cannot be reassigned',
      ]);
      expect((await api(ticketOps.edit, { ticket_id: ticketId, assignee_id: other.accountId })).code).toBe('0000');
    });
  });

  it('public_comment off makes comments internal unless asked otherwise', async () => {
    const { ticketId } = await buildTicket(db());
    await withSettings({ public_comment: false }, async () => {
      await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: 'default visibility' } });
      expect((await commentsOf(ticketId)).at(-1)?.isPublic).toBe(false);
    });
  });

  it('show_hyperlink: bare links become anchors when on, and links are text when off', async () => {
    const { ticketId } = await buildTicket(db());
    await withSettings({ show_hyperlink: true }, async () => {
      await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: '<p>see https://example.com/a?b=1.</p>' } });
      expect((await commentsOf(ticketId)).at(-1)?.body).toBe(
        '<p>see <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1</a>.</p>',
      );
    });
    await withSettings({ show_hyperlink: false }, async () => {
      await api(ticketOps.edit, {
        ticket_id: ticketId,
        comment: { body: '<p><a href="https://example.com">site</a></p>' },
      });
      expect((await commentsOf(ticketId)).at(-1)?.body).toBe('<p>site</p>');
    });
  });
});

describe('bodies are sanitized with an allowlist', () => {
  it('strips scripts, event handlers and javascript: URLs, keeps basic formatting; subjects stay text', async () => {
    const { ticketId } = await buildTicket(db());
    const body =
      '<p onclick="steal()">Hi <b>bold</b> <i>it</i> <u>u</u></p><script>alert(1)</script>' +
      '<ul><li>one</li></ul><a href="javascript:alert(2)">bad</a> <a href="https://ok.example">ok</a>' +
      '<img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const res = await api(ticketOps.edit, {
      ticket_id: ticketId,
      comment: { body, is_public: true },
      subject: '<b>subject</b>',
    });
    expect(res.data.subject).toBe('<b>subject</b>');
    const stored = (await commentsOf(ticketId)).at(-1)?.body ?? '';
    expect(stored).toBe(
      '<p>Hi <b>bold</b> <i>it</i> <u>u</u></p><ul><li>one</li></ul><a target="_blank" rel="noopener noreferrer nofollow">bad</a> ' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(stored).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
  });

  it('refuses a body that is empty once sanitized', async () => {
    const { ticketId } = await buildTicket(db());
    const res = await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: '<script>x</script>' } });
    expect([res.code, res.msg]).toEqual(['FFFF', 'Description is required']);
  });
});
