import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/**
 * The web app. Each screen is its own chunk (lazy routes) and the bundler shares the rest between
 * them by what each screen imports, so the sign-in page loads no editor, PDF, chart or table code
 * (checked by scripts/bundle-budget.mjs). Text files are precompressed at build. `npm run dev`
 * proxies /api, and the form documents under /forms, to the server.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000', '/forms': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // No public source maps (issue 15): the served files are the only build output.
    sourcemap: false,
    // The bundle budget (scripts/bundle-budget.mjs) reads which chunks each screen loads from here.
    manifest: true,
  },
});
