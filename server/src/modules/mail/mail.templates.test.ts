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
});
