import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';

const id = 'virtual:antd.css';
const resolved = `\0${id}.css`;
const registerId = '\0parley:antd-css-var-register';
/** Ant Design's CSS-in-JS package index, which imports the hook this replaces. */
const cssinjsIndex = /[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]index\.js$/;

/**
 * The scopes of the components' CSS-variable blocks a style sheet holds: `.parley.ant-card{--…}`
 * gives `ant-card` for the key `parley` (a block of several scopes lists each: `.k.a, .k.b{--…}`).
 */
export function cssVarScopes(css: string, key: string): Set<string> {
  const scopes = new Set<string>();
  const prefix = `.${key}.`;
  for (const match of css.matchAll(/([^{}]+)\{--/g)) {
    for (const selector of (match[1] as string).split(',')) {
      const s = selector.trim();
      if (s.startsWith(prefix) && /^[\w-]+$/.test(s.slice(prefix.length))) {
        scopes.add(s.slice(prefix.length));
      }
    }
  }
  return scopes;
}

/**
 * Ant Design's component styles for Parley's theme, written once at build time (issue 15).
 * At runtime Ant Design computed each component's CSS in the browser on every page load (its
 * CSS-in-JS): with `zeroRuntime` the screens use this style sheet instead, and a reload of the
 * ticket list cost Chromium 40 % less CPU (docs/decisions/0013-antd-static-styles.md).
 * `import 'virtual:antd.css'` where Ant Design is rooted (AntdRoot): public pages never load it.
 *
 * `zeroRuntime` leaves one thing at runtime: each component's CSS variables (`.parley.ant-card{--…}`),
 * which the sheet holds too. Ant Design added a `<style>` of them when the first component of a
 * kind mounted and removed it when the last unmounted, so opening a ticket added and removed
 * ~17 (card, skeleton, typography...), each a change of the page's style sheets for the browser
 * to take in, and the sheet's own copy, later in the page, won anyway. In the build, the hook
 * that adds them (`useCSSVarRegister` of @ant-design/cssinjs) is wrapped: a block the sheet holds
 * is not added again; one it lacks (a scope the extraction never rendered) still is.
 */
export function antdStaticCss(theme: ThemeConfig): Plugin {
  let css: string | null = null;
  let realRegister: string | null = null;
  let building = false;
  let unitTests = false;
  const sheet = () => {
    // Rendered with the runtime styles on, to collect them.
    css ??= extractStyle((node) => createElement(ConfigProvider, { theme: { ...theme, zeroRuntime: false } }, node));
    return css;
  };
  const key = typeof theme.cssVar === 'object' ? theme.cssVar.key : undefined;
  return {
    name: 'parley:antd-static-css',
    // Before Vite's own resolver, which would resolve the hook's relative import itself.
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
      // Vitest runs Vite in mode `test`. Not its VITEST variable: a child process (the start
      // test's `npm start`) inherits that, and its build lost the sheet.
      unitTests = config.mode === 'test';
    },
    async resolveId(source, importer, options) {
      if (source === id) {
        return resolved;
      }
      if (building && key && source === './hooks/useCSSVarRegister' && importer && cssinjsIndex.test(importer)) {
        const real = await this.resolve(source, importer, { ...options, skipSelf: true });
        realRegister = real?.id ?? null;
        return realRegister ? registerId : null;
      }
      return null;
    },
    load(loadId) {
      if (loadId === registerId && realRegister) {
        const scopes = JSON.stringify([...cssVarScopes(sheet(), key as string)]);
        return `import useRealCSSVarRegister from ${JSON.stringify(realRegister)};
const inSheet = new Set(${scopes});
// The same decision on every render of a component: its key and scope do not change.
export default function useCSSVarRegister(config, fn) {
  const scopes = Array.isArray(config.scope) ? config.scope : [config.scope];
  if (config.key === ${JSON.stringify(key)} && scopes.every((s) => inSheet.has(s))) {
    return undefined;
  }
  return useRealCSSVarRegister(config, fn);
}`;
      }
      if (loadId !== resolved) {
        return null;
      }
      // Unit tests lay nothing out (happy-dom): no style sheet to build there.
      if (unitTests) {
        return '';
      }
      return sheet();
    },
    buildEnd(error) {
      // An Ant Design upgrade that moves the hook would silently bring the runtime blocks back.
      if (building && !error && key && !realRegister) {
        this.error(
          '@ant-design/cssinjs no longer imports ./hooks/useCSSVarRegister from es/index.js: see antd-static-css.ts',
        );
      }
    },
  };
}
