import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticCss } from './build/antd-static-css.ts';
import { stripDescriptions } from './build/plugins.ts';
import { theme } from './src/theme.ts';

const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

// The ticket list's server render (src/list-preview/renderList.tsx, decision 0019): one file with
// everything in it, for the server's render worker. The browser's build is vite.config.ts.
export default defineConfig({
  plugins: [stripDescriptions(), react(), antdStaticCss(theme)],
  resolve: { alias: { '@parley/contracts': contractsEntry } },
  ssr: { noExternal: true },
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'src/list-preview/renderList.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
