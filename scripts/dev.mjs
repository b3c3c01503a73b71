// `npm run dev`: the server in watch mode (tsx) and Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process';
import { buildServer, root } from './lib.mjs';

await buildServer();
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
console.log('Parley dev: web on http://localhost:5173 (hot reload), API on http://localhost:8080');
const stop = () => {
  for (const c of children) {
    c.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
