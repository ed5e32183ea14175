// `npm run dev`: Vite with the Cloudflare plugin on PORT (default 5173), after the steps npm start takes
// too (free port, secrets, migrations). web/vite.config.ts gives the Worker this origin as APP_URL.
import { spawn } from 'node:child_process';
import { prepareLocal, root } from './prepare-local.mjs';

const port = Number(process.env.PORT ?? 5173);
await prepareLocal(port, 'npm run dev');
const vite = spawn('npx', ['vite', '--config', 'web/vite.config.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vite.kill(signal));
vite.on('exit', (code) => process.exit(code ?? 0));
