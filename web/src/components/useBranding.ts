import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { homeApi } from '../api/home';

/** The brand name and favicon an administrator set; the product's own until they load. */
export function useBranding(): { brandName: string | null } {
  const { data } = useQuery({
    queryKey: ['home', 'branding'],
    queryFn: ({ signal }) => homeApi.branding({ silent: true, signal }),
    staleTime: 5 * 60_000,
  });
  const favicon = data?.favicon;
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
  return { brandName: data?.brand_name ? data.brand_name : null };
}
