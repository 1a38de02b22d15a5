// Builds the dashboard into dashboard/dist, served by the API server at /dashboard/.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/dashboard/',
  // The dashboard shares plain modules with the server (the VIN check digit) and the generated API types.
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Nothing inline: the Content-Security-Policy allows scripts and styles from the origin only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // React Router marks its modules "use client" for server components; a client-only bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  logLevel: 'warn',
});
