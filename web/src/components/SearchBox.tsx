import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation';

/** A keyword box that searches on Enter or the button, and on clearing. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  width = 280,
  maxLength,
}: {
  value: string;
  onSearch: (kw: string) => void;
  placeholder?: string;
  width?: number | string;
  /** The longest text the call takes: typing or pasting stops there instead of being refused. */
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '' && value !== '') {
          onSearch('');
        }
      }}
      onSearch={(kw) => onSearch(kw)}
      placeholder={placeholder ?? t('common.search_placeholder')}
      aria-label={placeholder ?? t('common.search')}
      allowClear
      maxLength={maxLength}
      enterButton={false}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
