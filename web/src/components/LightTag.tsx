import type { CSSProperties, ReactNode } from 'react';

/**
 * Ant Design's Tag as its markup (issue 15): the class names it renders (`ant-tag`, the variant,
 * the preset colour, the theme's `parley` class), drawn by the style sheet built with the app
 * (decision 0013). For the tags that only show a word (a ticket's state and priority): a list of
 * 50 rows had 100 Tag components, each with its hooks (theme token, styles, wave) and 5 fibers.
 * A Tag that closes, links or takes a custom colour stays Ant Design's.
 */
type TLightTagProps = {
  /** One of Ant Design's preset colours (gold, red, blue...), or none. */
  color?: string;
  variant?: 'filled' | 'solid' | 'outlined';
  style?: CSSProperties;
  /** An icon before the text (the text then goes in a span of its own, as Tag does). */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * The same markup as an element of its own, without a component: for the cells of a list, drawn
 * once per row (each component is a React fiber made, committed and removed with the row).
 */
export function lightTag({ color, variant = 'filled', style, icon, children }: TLightTagProps) {
  return (
    <span className={`ant-tag ant-tag-${variant}${color ? ` ant-tag-${color}` : ''} parley`} style={style}>
      {icon}
      {icon ? <span>{children}</span> : children}
    </span>
  );
}

export function LightTag(props: TLightTagProps) {
  return lightTag(props);
}
