/** Ant Design's component styles for Parley's theme, built with the app (build/antd-static-css.ts). */
declare module 'virtual:antd.css';
