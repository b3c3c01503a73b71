import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { useTranslation } from './useTranslation';

function Label({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p>
      <span data-testid="plain">{t(name)}</span>
      <span data-testid="count">{t('test-only:apples', { count: 3 })}</span>
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(async () => {
    i18n.removeResourceBundle('en', 'test-only');
    i18n.removeResourceBundle('zh-cn', 'test-only');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the language chosen, and a text added later once asked again', async () => {
    i18n.addResourceBundle('en', 'test-only', { apples: '{{count}} apples' });
    i18n.addResourceBundle('zh-cn', 'test-only', { apples: '{{count}} 个苹果' });
    const view = render(<Label name="test-only:later" />);
    // Not there yet: the key, as i18next shows a missing text.
    expect(screen.getByTestId('plain').textContent).toBe('later');
    expect(screen.getByTestId('count').textContent).toBe('3 apples');

    // Texts added after the first look (the staff shell's arrive so) are read on the next render.
    i18n.addResourceBundle('en', 'test-only', { later: 'Later' }, true);
    i18n.addResourceBundle('zh-cn', 'test-only', { later: '稍后' }, true);
    view.rerender(<Label name="test-only:later" />);
    expect(screen.getByTestId('plain').textContent).toBe('Later');

    // Switching the language renders the component again in it, with nothing else changed.
    await act(() => i18n.changeLanguage('zh-cn'));
    expect(screen.getByTestId('plain').textContent).toBe('稍后');
    expect(screen.getByTestId('count').textContent).toBe('3 个苹果');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('plain').textContent).toBe('Later');
  });
});
