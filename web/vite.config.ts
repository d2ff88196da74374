import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:8000';

// Libraries every screen needs get their own long-lived chunks; screen-specific libraries
// (charts, drag and drop) are grouped so that only the screens that import them load them.
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'vendor-charts',
    test: /node_modules[\\/](chart\.js|react-chartjs-2|chartjs-plugin-datalabels|@kurkle)[\\/]/,
  },
  { name: 'vendor-dnd', test: /node_modules[\\/]@dnd-kit[\\/]/ },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  // '@/…' is web/src/…: code outside a feature is imported by this path, never by climbing '../'.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
