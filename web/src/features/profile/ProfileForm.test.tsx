import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, brandingDefaults, fakeServer, myInfo, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const ada = account({ email: 'ada@example.com', real_name: 'Ada Lovelace', timezone: 'Europe/Berlin' });
const uploaded = {
  url: '/api/home/file/avatar/abcdefghijklmnop.png',
  width: 64,
  height: 64,
  content_type: 'image/png',
  size: 900,
};

async function openProfile(handlers: THandlers = {}, heading = 'My profile', card = 'Profile') {
  const server = fakeServer({ user: ada, menus: [], handlers });
  renderApp('/wswt/account/my/profile');
  await screen.findByRole('heading', { name: heading });
  const profile = screen.getByText(card, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
  return { ...server, profile };
}

function chooseAvatar(file: File) {
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
}

/** An image file this "browser" decodes as `width` x `height`. */
function image(name: string, width: number, height: number, bytes = 100) {
  vi.stubGlobal('createImageBitmap', async () => ({ width, height, close: () => {} }));
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('my profile form', () => {
  it('checks an avatar for type, dimensions and size before uploading it', async () => {
    const refusal = 'Avatar must be an image smaller than 100 x 100';
    const { calls, profile } = await openProfile({ 'admin/upload.avatar': () => ok(uploaded) });
    // A file that is not a picture is told so, not that it is too large.
    const notImage = 'This file is not an image: the avatar must be a png, jpg, webp or gif picture';
    chooseAvatar(new File(['%PDF'], 'face.pdf', { type: 'application/pdf' }));
    await screen.findByText(notImage);
    chooseAvatar(image('face.png', 64, 64));
    await waitFor(() => expect(screen.queryByText(notImage)).toBeNull());
    // Wait for that upload to finish: while one runs, another is refused as "in progress".
    await within(profile).findByRole('button', { name: /Replace/ });
    expect(callsTo(calls, 'admin/upload.avatar')).toHaveLength(1);
    // Too large a picture is offered for cropping (and then scaled) rather than refused.
    chooseAvatar(image('big.png', 120, 80));
    const crop = await screen.findByRole('dialog', { name: 'Crop the picture: it is scaled to under 100 × 100' });
    fireEvent.click(within(crop).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(refusal)).toBeNull();
    chooseAvatar(image('huge.png', 64, 64, 21 * 1024 * 1024));
    await screen.findByText('File size cannot exceed 20M');
    expect(callsTo(calls, 'admin/upload.avatar')).toHaveLength(1);
  });

  it("shows the server's refusal of an avatar", async () => {
    await openProfile({
      'admin/upload.avatar': () => ({
        code: 'FFFF',
        msg: 'Avatar must be an image smaller than 100 x 100',
        data: null,
      }),
    });
    chooseAvatar(image('face.png', 64, 64));
    await screen.findByText('Avatar must be an image smaller than 100 x 100');
  });

  it('uploads the avatar and saves the profile with it', async () => {
    const saved = { ...ada, alias_name: 'Countess', timezone: 'Asia/Shanghai', avatar: uploaded.url };
    let info = ada;
    const { calls, profile } = await openProfile({
      'admin/upload.avatar': () => ok(uploaded),
      'admin/auth.account.info.edit': () => {
        info = saved;
        return ok(null);
      },
      'admin/auth.my.info.get': () => ok(myInfo(info)),
    });
    chooseAvatar(image('face.png', 64, 64));
    await within(profile).findByRole('button', { name: /Replace/ });
    typeInto('Alias', 'Countess');
    typeInto('Signature', 'Ada\nAnalytical Engines');
    fireEvent.click(within(profile).getByRole('switch', { name: 'Add the signature to my replies' }));
    fireEvent.mouseDown(within(profile).getByLabelText('Time zone'));
    fireEvent.change(within(profile).getByLabelText('Time zone'), { target: { value: 'Shanghai' } });
    fireEvent.click(await screen.findByTitle('Asia/Shanghai'));
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.info.edit')[0]?.body).toEqual({
      avatar: uploaded.url,
      real_name: 'Ada Lovelace',
      alias_name: 'Countess',
      signature: 'Ada\nAnalytical Engines',
      enable_signature: true,
      default_language: 'en',
      timezone: 'Asia/Shanghai',
    });
    // The shell learns the new profile (the time zone the dates use).
    await waitFor(() => expect(localStorage.getItem('parley.timezone')).toContain('Asia/Shanghai'));
  });

  it('asks for a name', async () => {
    const { calls, profile } = await openProfile();
    typeInto('Name', ' ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    expect(callsTo(calls, 'admin/auth.account.info.edit')).toHaveLength(0);
  });

  describe('the time zone: its own, or the help desk default it follows', () => {
    const shanghaiDefault = () => ok({ ...brandingDefaults, default_timezone: 'Asia/Shanghai' });
    /** Opens the time zone select: the first options it lists (from the top while the default is chosen). */
    const firstOptions = async (profile: HTMLElement) => {
      fireEvent.mouseDown(within(profile).getByLabelText(/Time zone|时区/));
      await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
      return [...document.querySelectorAll('.ant-select-item-option')].slice(0, 2).map((o) => o.textContent);
    };

    it('offers the default first, and choosing it saves following the default (null), which the form then shows', async () => {
      let info = ada;
      const { calls, profile } = await openProfile({
        'home/setting/branding.get': shanghaiDefault,
        'admin/auth.account.info.edit': () => {
          // The server answers with the default in force from now on.
          info = { ...ada, timezone: 'Asia/Shanghai', timezone_follows_default: true };
          return ok(null);
        },
        'admin/auth.my.info.get': () => ok(myInfo(info)),
      });
      // Its own zone is what the select shows; the default is found by its words.
      expect(within(profile).getByTitle('Europe/Berlin')).toBeTruthy();
      const zone = within(profile).getByLabelText('Time zone');
      fireEvent.mouseDown(zone);
      fireEvent.change(zone, { target: { value: 'default' } });
      fireEvent.click(await screen.findByTitle('Help desk default (Asia/Shanghai)'));
      fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
      await screen.findByText('Successfully saved');
      expect(callsTo(calls, 'admin/auth.account.info.edit')[0]?.body).toMatchObject({
        real_name: 'Ada Lovelace',
        timezone: null,
      });
      // Read again: the form shows the default followed, and the dates use its zone.
      await waitFor(() => expect(within(profile).getByTitle('Help desk default (Asia/Shanghai)')).toBeTruthy());
      await waitFor(() => expect(localStorage.getItem('parley.timezone')).toContain('Asia/Shanghai'));
    });

    it('shows an account that follows the default so (in Chinese too), and saving it keeps following rather than pinning the zone', async () => {
      await chooseLanguage('zh-cn');
      const following = { ...ada, timezone: 'Asia/Shanghai', timezone_follows_default: true };
      const { calls, profile } = await openProfile(
        {
          'home/setting/branding.get': shanghaiDefault,
          'admin/auth.my.info.get': () => ok(myInfo(following)),
          'admin/auth.account.info.edit': () => ok(null),
        },
        '个人资料',
        '个人资料',
      );
      await waitFor(() => expect(within(profile).getByTitle('跟随系统默认（Asia/Shanghai）')).toBeTruthy());
      expect(await firstOptions(profile)).toEqual(['跟随系统默认（Asia/Shanghai）', 'UTC']);
      fireEvent.click(within(profile).getByRole('button', { name: /保\s?存/ }));
      await waitFor(() => expect(callsTo(calls, 'admin/auth.account.info.edit')).toHaveLength(1));
      expect(callsTo(calls, 'admin/auth.account.info.edit')[0]?.body).toMatchObject({ timezone: null });
    });
  });
});
