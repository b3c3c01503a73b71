import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';

const id = 'virtual:antd.css';
const resolved = `\0${id}.css`;

/**
 * Ant Design's component styles for Parley's theme, written once at build time (issue 15).
 * At runtime Ant Design computed each component's CSS in the browser on every page load (its
 * CSS-in-JS): with `zeroRuntime` the screens use this style sheet instead, and a reload of the
 * ticket list cost Chromium 40 % less CPU (docs/decisions/0013-antd-static-styles.md).
 * `import 'virtual:antd.css'` where Ant Design is rooted (AntdRoot): public pages never load it.
 */
export function antdStaticCss(theme: ThemeConfig): Plugin {
  let css: string | null = null;
  return {
    name: 'parley:antd-static-css',
    resolveId(source) {
      return source === id ? resolved : null;
    },
    load(loadId) {
      if (loadId !== resolved) {
        return null;
      }
      // Unit tests lay nothing out (happy-dom): no style sheet to build there.
      if (process.env.VITEST) {
        return '';
      }
      // Rendered with the runtime styles on, to collect them.
      css ??= extractStyle((node) => createElement(ConfigProvider, { theme: { ...theme, zeroRuntime: false } }, node));
      return css;
    },
  };
}
