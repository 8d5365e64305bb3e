import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { startPages } from './build/start-pages.ts';

/** Grouped by the screens that import them, sets under 10 kB merged (decision 438). */
const BY_SCREENS = { priority: 15, entriesAware: true, entriesAwareMergeThreshold: 10_000 };

/**
 * The web app. Each screen is its own chunk (lazy routes) and the bundler shares the rest between
 * them by what each screen imports, so the sign-in page loads no editor, PDF, chart or table code
 * (checked by scripts/bundle-budget.mjs). The sign-in page is prerendered and text files are
 * precompressed at build. `npm run dev`
 * proxies /api, and the form documents under /forms, to the server.
 */
export default defineConfig({
  plugins: [react(), startPages(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000', '/forms': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // No public source maps (issue 15): the served files are the only build output.
    sourcemap: false,
    // The bundle budget (scripts/bundle-budget.mjs) reads which chunks each screen loads from here.
    manifest: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // A group's chunks are named after the screens that share them, a hundred characters and
        // more: each file is named by its group and hash alone.
        chunkFileNames: ({ name }) => `assets/${name.split('~')[0]}-[hash].js`,
        assetFileNames: ({ names }) =>
          names[0]?.includes('~')
            ? `assets/${names[0].split('~')[0]}-[hash][extname]`
            : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 20 },
            {
              name: 'notifications',
              test: /node_modules[\\/](@mantine[\\/]notifications|react-transition-group)[\\/]/,
              priority: 20,
            },
            // Mantine's components and the icons, in chunks by the set of screens that use them,
            // each small set merged into its nearest neighbour: left to the default, each component
            // was a chunk of its own, and a list screen's first visit fetched 82 files six at a time.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, ...BY_SCREENS },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, ...BY_SCREENS },
          ],
        },
      },
    },
  },
});
