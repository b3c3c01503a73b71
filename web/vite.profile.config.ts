// The app built to be read in a CPU profile (e2e/bench/profile-web.ts): not minified, so the
// profile names the functions, and without the chunk size limit (unminified chunks exceed it).
//   cd web && npx vite build -c vite.profile.config.ts --outDir /tmp/parley-dist-profile
// (after `npm run build -w web`, whose first pass writes the chunk plan it reads: build/staff-chunk.ts)
import base from './vite.config';

export default {
  ...base,
  plugins: (base.plugins ?? []).filter(
    (p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'parley:fail-on-large-chunks'),
  ),
  build: { ...base.build, minify: false },
};
