import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const uploaded = {
  url: '/api/home/file/favicon/abcdefghijklmnop.png',
  width: 32,
  height: 32,
  content_type: 'image/png',
  size: 90,
};

function chooseFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('branding', () => {
  it('refuses a favicon of the wrong type before sending it', async () => {
    const { calls } = fakeServer({ user: admin });
    renderApp('/wswt/setting/appearance');
    await screen.findByRole('button', { name: /Upload/ });
    screen.getByRole('textbox', { name: 'Brand name' });
    chooseFile(new File(['gif'], 'icon.gif', { type: 'image/gif' }));
    await screen.findByText('The favicon must be a png or ico image of at most 256 x 256');
    expect(callsTo(calls, 'admin/settings/upload.favicon')).toHaveLength(0);
  });

  it('uploads the favicon and saves its path', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/upload.favicon': () => ok(uploaded),
        'admin/settings/appearance.branding.edit': (c) =>
          ok({
            favicon: c.body.favicon,
            brand_name: '',
            site_url: '',
            default_language: 'en',
            default_timezone: 'UTC',
            date_format: 'medium',
          }),
      },
    });
    renderApp('/wswt/setting/appearance');
    await screen.findByRole('button', { name: /Upload/ });
    chooseFile(new File(['png'], 'icon.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: /Replace/ });
    const sent = callsTo(calls, 'admin/settings/upload.favicon')[0]?.form?.get('file');
    expect(sent instanceof File && sent.name).toBe('icon.png');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/appearance.branding.edit')[0]?.body).toEqual({ favicon: uploaded.url });
  });
});
