import type { CSSProperties } from 'react';

/**
 * Ant Design's default (32px, round) Avatar as its markup, for a picture or one letter. Ant
 * Design's own measures its text after mounting to scale it into the circle: one forced layout
 * of the whole page per avatar, 200 of them on a ticket of 200 comments (issue 15). One letter
 * always fits the circle, so nothing is measured here.
 */
export function LetterAvatar({ letter, src, style }: { letter: string; src?: string; style?: CSSProperties }) {
  return src ? (
    <span className="ant-avatar ant-avatar-circle ant-avatar-image parley ant-avatar-css-var" style={style}>
      <img src={src} alt="" />
    </span>
  ) : (
    <span className="ant-avatar ant-avatar-circle parley ant-avatar-css-var" style={style}>
      <span className="ant-avatar-string" style={{ transform: 'scale(1)' }}>
        {Array.from(letter)[0] ?? '?'}
      </span>
    </span>
  );
}
