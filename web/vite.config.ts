// Vite builds the SPA into dist/client, which the Worker serves as static assets (SPA fallback).
// In `vite dev` the Cloudflare plugin also runs the Worker in workerd, so /api works with hot reload;
// `vite build` builds only the SPA (wrangler bundles the Worker itself).
import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { allowOwnOrigin, readDevVars } from '../scripts/dev-vars.mjs';

// `npm run dev` serves on PORT (default 5173, and nowhere else: emailed links and the sample feeds name
// this origin), as development, with its own origin fetchable (scripts/dev-vars.mjs explains why).
const devPort = Number(process.env.PORT ?? 5173);
const devOrigin = `http://localhost:${devPort}`;
const devVars = readDevVars();
// Offline, the plugin's fetch of Cloudflare's request.cf data fails with a stack; the placeholder does.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whoever runs it. Vite keeps a NODE_ENV it inherits, and
  // Vitest sets NODE_ENV=test, so the browser suite (e2e/global-setup.ts builds from inside Vitest) used to
  // test React's development build, 60 KB gzip heavier and slower than what ships. Vite reads this after
  // loading the config, so the JSX transform and every `process.env.NODE_ENV` check agree.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    server: { port: devPort, strictPort: true },
    resolve: {
      alias: {
        '@contracts': fileURLToPath(new URL('../worker/contracts', import.meta.url)),
        '@': fileURLToPath(new URL('./src', import.meta.url)),
      },
    },
    plugins: [
      react(),
      tailwindcss(),
      ...(command === 'serve'
        ? [
            cloudflare({
              configPath: '../wrangler.toml',
              persistState: { path: '../.wrangler/state' },
              config: (config) => ({
                vars: {
                  ...config.vars,
                  ENVIRONMENT: 'development',
                  APP_URL: devVars.APP_URL ?? devOrigin,
                  FETCH_ALLOW_HOSTS: allowOwnOrigin(devVars.APP_URL ?? devOrigin, devVars.FETCH_ALLOW_HOSTS),
                },
              }),
            }),
          ]
        : []),
    ],
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      // Every browser that runs this app supports <link rel="modulepreload">; the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // React and the router in chunks of their own: the landing page boots with React alone, and a
          // shared component must not drag the router into it.
          advancedChunks: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
