import { mailOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, setUpApp } from '../../../test/kit.js';

setUpApp();

describe('email.template.edit', () => {
  it('refuses a placeholder no mail fills, naming it under its field, and keeps what was saved', async () => {
    const edit = (subject: string, body: string) =>
      api(mailOps.templateEdit, { name: 'public_reply', lang: 'en', subject, body });
    expect((await edit('Re: {{ subject }}', '<p>Hi {{requester_name}}</p>')).code).toBe('0000');
    const typo = await edit('Re: {{subject}}', '<p>Hi {{requester_nam}}</p>');
    expect(typo).toMatchObject({
      code: 'FFFF',
      msg: '{{requester_nam}} is not a placeholder these mails fill: it would be sent as nothing',
    });
    expect(Object.keys(typo.fields ?? {})).toEqual(['body']);
    const listed = await api(mailOps.templateList, {});
    const saved = listed.data.list.find((x) => x.name === 'public_reply' && x.lang === 'en');
    expect(saved?.body).toBe('<p>Hi {{requester_name}}</p>');
  });

  it('refuses a placeholder left unclosed, which would reach the customer as it is typed', async () => {
    const edit = (subject: string, body: string) =>
      api(mailOps.templateEdit, { name: 'public_reply', lang: 'zh-cn', subject, body });
    const open = await edit('Re: {{subject', '<p>{{requester_name}}</p>');
    expect(open).toMatchObject({ code: 'FFFF', msg: '{{subject is not a whole placeholder: close it with }}' });
    expect(Object.keys(open.fields ?? {})).toEqual(['subject']);
    const half = await edit('Re: {{subject}}', '<p>Hello {{requester_name}, thanks</p>');
    expect(half).toMatchObject({ code: 'FFFF', msg: '{{requester_name} is not a whole placeholder: close it with }}' });
    expect(Object.keys(half.fields ?? {})).toEqual(['body']);
  });

  it('keeps the set-password link of an invitation or reset mail as a link address only, where no image or subject can leak it', async () => {
    const edit = (name: 'account_invite' | 'password_reset', subject: string, body: string) =>
      api(mailOps.templateEdit, { name, lang: 'en', subject, body });
    const fine = await edit(
      'account_invite',
      'Welcome',
      '<p>Hi {{account_name}}: <a href="{{password_url}}">set it</a> ({{link_valid}})</p>',
    );
    expect(fine.code).toBe('0000');
    const dropped = await edit('account_invite', 'Welcome', '<p>Hi {{account_name}}</p>');
    expect([dropped.code, dropped.fields]).toEqual(['FFFF', { body: dropped.msg }]);
    expect(dropped.msg).toMatch(/^This mail must hold its link/);
    const pixel = await edit(
      'password_reset',
      'Reset',
      '<a href="{{password_url}}">set</a><img src="https://x.example/?{{password_url}}">',
    );
    expect([pixel.code, Object.keys(pixel.fields ?? {})]).toEqual(['FFFF', ['body']]);
    expect(pixel.msg).toMatch(/may only be the address of a link/);
    const inSubject = await edit('password_reset', 'Your link {{password_url}}', '<a href="{{password_url}}">set</a>');
    expect(Object.keys(inSubject.fields ?? {})).toEqual(['subject']);
    // Empty goes back to the default text, which holds its link.
    expect((await edit('password_reset', '', '')).code).toBe('0000');
    // Other mails are not held to it.
    expect(
      (
        await api(mailOps.templateEdit, {
          name: 'public_reply',
          lang: 'en',
          subject: 'Re',
          body: '<p>{{requester_name}}</p>',
        })
      ).code,
    ).toBe('0000');
  });
});
