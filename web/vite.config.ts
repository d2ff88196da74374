import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { radixFullFirst, radixSubset } from './build/radix-subset.ts';

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

// The Radix Themes component classes of the sign-in page and of the spinner shown while it loads:
// only their rules are in the first page's stylesheet (src/app/theme.css, build/radix-subset.ts).
// The browser test e2e/first-page.e2e.ts fails when the page shows anything this list leaves out.
const firstPageClasses = [
  'rt-Box',
  'rt-Flex',
  'rt-BaseCard',
  'rt-Card',
  'rt-Heading',
  'rt-Text',
  'rt-Spinner',
  'rt-SpinnerLeaf',
  'rt-BaseButton',
  'rt-Button',
  'rt-Separator',
  'rt-TextFieldRoot',
  'rt-TextFieldInput',
  'rt-TextFieldSlot',
  'rt-CalloutRoot',
  'rt-CalloutIcon',
  'rt-CalloutText',
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    radixFullFirst(fileURLToPath(new URL('./src/ui/radix-themes.css', import.meta.url))),
    precompress(),
  ],
  // '@/…' is web/src/…: code outside a feature is imported by this path, never by climbing '../'.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  css: {
    postcss: {
      plugins: [
        radixSubset({
          file: fileURLToPath(new URL('./src/app/theme.css', import.meta.url)),
          classes: firstPageClasses,
        }),
      ],
    },
  },
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
