import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStaticCss } from './build/antd-static-css.ts';
import { compileHints } from './build/compile-hints.ts';
import { failOnLargeChunks, precompress, publicIndex, stripDescriptions } from './build/plugins.ts';
import { staffChunk } from './build/staff-chunk.ts';
import { theme } from './src/theme.ts';

const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

// The staff shell with the ticket list in one chunk (build/staff-chunk.ts): the same screens as
// the budget test's (e2e/support/bundle.ts, pageModules).
const publicRoots = [
  'src/features/home/HomePage.tsx',
  'src/features/home/SatisfactionPage.tsx',
  'src/features/auth/LoginPage.tsx',
];
const staff = staffChunk({
  staffRoots: ['src/layout/StaffShell.tsx', 'src/features/ticket/list/TicketListPage.tsx'],
  publicRoots,
  planFile: fileURLToPath(new URL('./node_modules/.cache/parley-staff-chunk.json', import.meta.url)),
});

export default defineConfig({
  plugins: [
    stripDescriptions(),
    react(),
    antdStaticCss(theme),
    staff.plugin,
    // After the staff chunk's grouping, before the files are written and compressed.
    compileHints({ publicRoots: [...publicRoots, 'src/features/auth/PasswordPage.tsx'] }),
    failOnLargeChunks(),
    publicIndex(),
    precompress(),
  ],
  resolve: {
    // The contracts' source, not its dist: one build step fewer and no stale types.
    alias: { '@parley/contracts': contractsEntry },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget test (e2e/tests/bundle-budget.e2e.ts) reads which files each screen loads from here.
    manifest: true,
    // failOnLargeChunks() makes the build fail above 500 kB; this only keeps Vite's own warning in step.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: {
        // Ant Design's rc-components say nothing of side effects (antd itself says it has none
        // but its CSS), so the bundler kept whole modules for one export: the shell took all of
        // rc-form and its validator for ConfigProvider's form context.
        moduleSideEffects: (id: string) => !/node_modules[\\/]@rc-component[\\/]/.test(id),
      },
      output: {
        // No hand-made vendor chunks: one chunk of all of Ant Design made every page, the public
        // form included, load every component. Rolldown splits along the lazy routes instead, so
        // a screen loads the components it uses and what several screens share is shared.
        // React itself changes seldom and every page needs it: it keeps its own long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // ECharts' renderer apart from ECharts: the report charts (loaded by the report screens
            // alone) would otherwise be one chunk at the 500 kB limit.
            { name: 'vendor-zrender', test: /node_modules[\\/]zrender[\\/]/ },
            ...staff.groups,
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Node runs Ant Design's CommonJS copy under the tests ('antd' is lib/ there, es/ in the build):
    // LateApp must provide the same App context that the screens' App.useApp() reads, and
    // LazySelect read the same disabled, form item and Space.Compact contexts that Form and Space provide.
    alias: {
      'antd/es/app/context': 'antd/lib/app/context',
      'antd/es/config-provider/DisabledContext': 'antd/lib/config-provider/DisabledContext',
      'antd/es/form/context': 'antd/lib/form/context',
      'antd/es/space/Compact': 'antd/lib/space/Compact',
    },
    restoreMocks: true,
    // Generous: on a loaded 2-core machine Ant Design forms under happy-dom can take many seconds.
    testTimeout: 40_000,
    // One file per core, not Vitest's cores - 1: 150 s to 96 s on 2 cores.
    maxWorkers: os.availableParallelism(),
    // Files share a worker's modules (isolate: false): wall 224 s to 72 s, CPU 605 s to 208 s.
    // Two flakes undid this before, and neither was shared state: an unanswered fake call (0404
    // sends the app to page_not_found; now every test fails on one it did not allow, see
    // src/test/setup.ts), and antd's Checkbox.Group dropping a click made before its boxes had
    // registered, which failed isolated too (role/PkgChecklist.tsx).
    isolate: false,
  },
});
