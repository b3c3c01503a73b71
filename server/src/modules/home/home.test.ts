import { enumTypes, homeOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, apiUntyped, setUpApp } from '../../../test/kit.js';

setUpApp({ admin: false });

describe('public calls', () => {
  it('lists the two interface languages', async () => {
    const res = await api(homeOps.languages, {}, null);
    expect(res.status).toBe(200);
    expect(res.code).toBe('0000');
    expect(res.data).toEqual({
      list: [
        { code: 'en', name: 'English' },
        { code: 'zh-cn', name: '简体中文' },
      ],
    });
  });

  it('answers every enum of the contract with labels in the request language', async () => {
    const en = await api(homeOps.enums, { enum_types: enumTypes }, null);
    expect(en.code).toBe('0000');
    expect(Object.keys(en.data).sort()).toEqual([...enumTypes].sort());
    expect(en.data.ticket_state?.map((o) => o.value)).toEqual(['new', 'open', 'pending', 'solved', 'closed']);
    expect(en.data.ticket_state?.[0]?.label).toBe('New');
    const zh = await api(homeOps.enums, { enum_types: ['user_type'] }, null, { lang: 'zh-cn' });
    expect(zh.data.user_type?.find((o) => o.value === 'admin')?.label).toBe('管理员');
  });

  it('refuses an unknown enum type with FFFF naming the field', async () => {
    const res = await apiUntyped(homeOps.enums, { enum_types: ['ticket_state', 'nope'] }, null);
    expect(res.status).toBe(400);
    expect(res.code).toBe('FFFF');
    expect(res.data).toEqual({ fields: { 'enum_types.1': 'Unknown value' } });
  });

  it('gives the default branding before anything is configured', async () => {
    const res = await api(homeOps.branding, {}, null);
    expect(res.code).toBe('0000');
    expect(res.data.brand_name).toBe('Parley');
    expect(typeof res.data.favicon).toBe('string');
  });
});
