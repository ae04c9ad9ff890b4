import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { academyLessons } from './src/features/academy/build/lessons-plugin.ts';

const server = 'http://localhost:3000';
const proxied = { target: server, changeOrigin: false, ws: true };

export default defineConfig({
  // The academy's Markdown is compiled here, at build time (docs/decisions/academy.md).
  plugins: [react(), academyLessons()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // docs/product.md §7: script and stylesheet chunks load from static/js and static/css.
    assetsDir: 'static',
    rollupOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': proxied,
      '/oidc': proxied,
      '/interaction': proxied,
      '/config.json': proxied,
    },
  },
  preview: {
    proxy: {
      '/api': proxied,
      '/oidc': proxied,
      '/interaction': proxied,
      '/config.json': proxied,
    },
  },
});
