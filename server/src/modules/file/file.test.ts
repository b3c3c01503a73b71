import { accountOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/app.js';
import { buildAgent, defaultPassword } from '../../../test/factories.js';
import { gif, multipart, png } from '../../../test/images.js';
import { admin, api, setUpApp, t } from '../../../test/kit.js';
import { accountRow } from '../../../test/reads.js';

setUpApp();

describe('avatars', () => {
  async function uploadAs(data: Buffer, name: string, type: string, token = admin) {
    const form = multipart(data, name, type);
    // A multipart upload: no operation (operations take JSON).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload.avatar',
      headers: { authorization: token, ...form.headers },
      payload: form.payload,
    });
    return {
      status: res.statusCode,
      ...(res.json() as { code: string; msg: string; data: { url: string; fields: Record<string, string> } }),
    };
  }

  it('judges by content: a small PNG named .txt is accepted and served as image/png with nosniff', async () => {
    const image = png(64, 48);
    const res = await uploadAs(image, 'photo.txt', 'text/plain');
    expect(res.code).toBe('0000');
    expect(res.data).toMatchObject({ width: 64, height: 48, content_type: 'image/png', size: image.length });
    expect(res.data.url).toMatch(/^\/api\/home\/file\/avatar\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('refuses a text file named .png as not an image, and a 200 x 200 image with the spec message', async () => {
    const text = await uploadAs(Buffer.from('hello, I am not a picture'), 'face.png', 'image/png');
    expect([text.status, text.code, text.msg]).toEqual([
      400,
      'FFFF',
      'This file is not an image: the avatar must be a png, jpg, webp or gif picture',
    ]);
    const form = multipart(Buffer.from('hello, I am not a picture'), 'face.png', 'image/png');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload.avatar',
      headers: { authorization: admin, language: 'zh-cn', ...form.headers },
      payload: form.payload,
    });
    expect((zh.json() as { msg: string }).msg).toBe('此文件不是图片：头像必须是 png、jpg、webp 或 gif 格式的图片');
    const big = await uploadAs(png(200, 200), 'big.png', 'image/png');
    expect(big.msg).toBe('Avatar must be an image smaller than 100 x 100');
    const edge = await uploadAs(gif(100, 10), 'edge.gif', 'image/gif');
    expect(edge.code).toBe('FFFF');
    expect((await uploadAs(gif(99, 99), 'ok.gif', 'image/gif')).code).toBe('0000');
  });

  it('refuses more than 20 MB with 413 "File size cannot exceed 20M", and a request without a file', async () => {
    const huge = Buffer.concat([png(10, 10), Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const res = await uploadAs(huge, 'huge.png', 'image/png');
    expect([res.status, res.code, res.msg]).toEqual([413, 'FFFF', 'File size cannot exceed 20M']);
    // Raw: the upload route given a JSON body instead of a file (there is no operation for it).
    const none = await call(t.app, 'POST', '/api/admin/upload.avatar', { token: admin, body: {} });
    expect([none.code, none.msg]).toEqual(['FFFF', 'Please choose a file']);
  });

  it('sets an uploaded avatar on the profile and removes the replaced file', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const first = await uploadAs(png(32, 32), 'a.png', 'image/png', token);
    expect((await api(accountOps.infoEdit, { avatar: first.data.url }, token)).code).toBe('0000');
    expect((await accountRow(agent.accountId))?.avatar).toBe(first.data.url);
    const second = await uploadAs(png(16, 16), 'b.png', 'image/png', token);
    expect((await api(accountOps.infoEdit, { avatar: second.data.url }, token)).code).toBe('0000');
    expect((await t.app.inject({ method: 'GET', url: first.data.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.data.url })).statusCode).toBe(200);
  });

  it('answers 0404 for unknown or malformed file names', async () => {
    // Raw: file downloads with made-up and hostile names, not operations.
    for (const url of [
      '/api/home/file/avatar/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/api/home/file/avatar/..%2F..%2Fetc%2Fpasswd',
      '/api/home/file/secrets/AAAAAAAAAAAAAAAAAAAAAA.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
