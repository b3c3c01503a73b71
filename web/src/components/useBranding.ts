import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { homeApi } from '../api/home';
import { languageStore } from '../auth/storage';
import { i18n, switchLanguage } from '../i18n';

export const brandingKey = ['home', 'branding'] as const;

const noLocalization = { default_language: '', default_timezone: '', date_format: 'medium' };

/**
 * The brand name and favicon an administrator set (the product's own until they load), and the
 * help desk's localization defaults.
 */
export function useBranding(): {
  brandName: string | null;
  siteUrl: string;
  localization: { default_language: string; default_timezone: string; date_format: string };
} {
  const { data } = useQuery({
    queryKey: brandingKey,
    queryFn: ({ signal }) => homeApi.branding({ silent: true, signal }),
    staleTime: 5 * 60_000,
  });
  const favicon = data?.favicon;
  const defaultLanguage = data?.default_language;
  useEffect(() => {
    // Settings › Localization: a visitor who never picked a language (and came by no link that
    // names one) gets the help desk's.
    if (
      defaultLanguage &&
      !languageStore.isSet() &&
      languageStore.linked() === null &&
      i18n.language !== defaultLanguage
    ) {
      void switchLanguage(defaultLanguage === 'zh-cn' ? 'zh-cn' : 'en');
    }
  }, [defaultLanguage]);
  useEffect(() => {
    if (!favicon) {
      return;
    }
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) {
      link.removeAttribute('type');
      link.href = favicon;
    }
  }, [favicon]);
  return {
    brandName: data?.brand_name ? data.brand_name : null,
    siteUrl: data?.site_url ?? '',
    localization: data ? { ...noLocalization, ...pick(data) } : noLocalization,
  };
}

const pick = (d: { default_language?: string; default_timezone?: string; date_format?: string }) => ({
  default_language: d.default_language ?? '',
  default_timezone: d.default_timezone ?? '',
  date_format: d.date_format ?? 'medium',
});
