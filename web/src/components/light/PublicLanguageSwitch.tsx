import { languageCodes, languageNames, type TLanguage } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { languageStore } from '../../auth/storage';
import { currentLanguage, switchLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { Icon } from './Icon';
import { checkOutlined, globalOutlined } from './iconPaths';

/**
 * en / 简体中文 on the public pages (the staff shell has Ant Design's); the choice is kept, and
 * the API's Language header follows it. A menu button: arrows move, Enter chooses, Escape closes.
 */
export function PublicLanguageSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) {
      return;
    }
    items.current[languageCodes.indexOf(language)]?.focus();
    const close = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, language]);

  const choose = (code: TLanguage) => {
    setOpen(false);
    button.current?.focus();
    languageStore.set(code);
    void switchLanguage(code).then(() => queryClient.invalidateQueries());
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      event.preventDefault();
      items.current[(index + step + languageCodes.length) % languageCodes.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="pl-menu-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="pl-btn pl-btn-text"
        aria-label={`${t('language.switch')}: ${languageNames[language]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon paths={globalOutlined} />
        <span>{languageNames[language]}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" className="pl-popup pl-menu" onKeyDown={onMenuKey}>
          {languageCodes.map((code, i) => (
            <button
              key={code}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={code === language}
              className="pl-option"
              style={{ width: '100%', border: 0, font: 'inherit', textAlign: 'start' }}
              onClick={() => choose(code)}
            >
              <span>{languageNames[code]}</span>
              {code === language && <Icon paths={checkOutlined} />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
