// `npm start`: builds whatever is missing or stale, then serves the API and the web app in this process.
// The web app builds while the database opens. The server handles SIGTERM and SIGINT itself
// (graceful shutdown); while a build runs, lib.mjs passes them on to it.
import { buildServer, buildWebIfStale, exitWithParent, root } from './lib.mjs';

exitWithParent();
console.log('Starting Parley…');
await buildServer();
process.chdir(root);
const { main, exitOnStartupError } = await import('../server/dist/main.js');
await main({ webBuilt: buildWebIfStale() }).catch(exitOnStartupError);
