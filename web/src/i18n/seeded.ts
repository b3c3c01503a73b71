import { allStaffRoutes, seededText } from '@parley/contracts';
import { useMemo } from 'react';
import { currentLanguage } from './index';
import { useTranslation } from './useTranslation';

/**
 * Seeded rows (permission nodes, the default role, package and group) are stored in English and
 * shown in the viewer's language while their text is still the seeded one; renamed, they show as
 * written. For display only: forms edit the stored text.
 */
export function useSeeded() {
  const { t } = useTranslation(); // re-render on a language change
  const lang = currentLanguage();
  return useMemo(() => {
    const text = (value: string) => seededText(value, lang);
    /** A permission node's title: a menu node by its screen's name, a button node from the seeded titles. */
    const nodeTitle = (node: { node_type: string; node_title: string; node_value: string }) => {
      if (node.node_type === 'menu') {
        const route = allStaffRoutes.find((r) => r.path === node.node_value && r.title === node.node_title);
        return route ? t(`route.${route.key}`) : node.node_title;
      }
      return text(node.node_title);
    };
    return { text, nodeTitle };
  }, [lang, t]);
}
