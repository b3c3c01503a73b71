import { GlobalOutlined } from '@ant-design/icons';
import { languageCodes, languageNames, type TLanguage } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { languageStore } from '../auth/storage';
import { currentLanguage, switchLanguage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { LateDropdown } from './LateDropdown';
import { useMenuButton } from './useMenuButton';

/**
 * en / 简体中文; the choice is kept, and the API's Language header follows it. `compact`: the globe
 * alone (the language stays in its accessible name).
 */
export function LanguageSwitch({
  variant = 'text',
  compact = false,
}: {
  variant?: 'text' | 'default';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const menu = useMenuButton();

  const choose = (code: TLanguage) => {
    languageStore.set(code);
    void switchLanguage(code).then(() => queryClient.invalidateQueries());
  };

  return (
    <LateDropdown
      {...menu.dropdown}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languageCodes.map((code) => ({ key: code, label: languageNames[code] })),
        onClick: ({ key }) => {
          // The focus back on the switch (the menu it was in closes), named in the new language.
          void menu.chosen();
          choose(key as TLanguage);
        },
      }}
    >
      <Button
        type={variant}
        icon={<GlobalOutlined aria-hidden />}
        {...menu.button}
        aria-label={`${t('language.switch')}: ${languageNames[language]}`}
      >
        {compact ? null : languageNames[language]}
      </Button>
    </LateDropdown>
  );
}
