import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app. Each screen is its own chunk (lazy routes); Mantine and React go to shared vendor
 * chunks so a screen's chunk carries only its own code. `npm run dev` proxies /api, and the form
 * documents under /forms, to the server.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000', '/forms': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          // Charts (recharts and what it brings) stay in the chunks of the screens that draw one.
          if (
            /@mantine[\\/]charts|[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/.test(
              id,
            )
          )
            return undefined;
          // Error reporting is loaded only when configured (its own lazy chunk, decision 123).
          if (/[\\/]@sentry(-internal)?[\\/]/.test(id)) return undefined;
          if (
            /@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize/.test(id)
          )
            return 'mantine';
          if (/@tabler/.test(id)) return 'icons';
          if (/react-router|@tanstack|[\\/]react(-dom)?[\\/]|scheduler/.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
