import type { ThemeConfig } from 'antd';

/** Parley's look: Ant Design's default algorithm with the brand colour and a calm layout. */
export const brandColor = '#1668dc';

export const theme: ThemeConfig = {
  // Styles come from the style sheet built with the app (build/antd-static-css.ts), not computed
  // in the browser; without hashed class names, so the sheet's selectors match what renders.
  zeroRuntime: true,
  hashed: false,
  // A fixed key (not React's useId) for the element the theme's CSS variables hang on.
  cssVar: { key: 'parley' },
  token: {
    colorPrimary: brandColor,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#001529', bodyBg: '#f5f7fa', headerPadding: '0 16px' },
  },
};

/** The same look without animation, for people whose system asks for reduced motion. */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
