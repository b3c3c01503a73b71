// `npm start`: builds whatever is missing or stale, then serves the API and the web app in this process.
import { buildServer, buildWebIfStale, root } from './lib.mjs';

await buildServer();
await buildWebIfStale();
process.chdir(root);
await import('../server/dist/main.js');
