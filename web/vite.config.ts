import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunk } from './build/first-screen-chunk.ts';
import { firstScreenPreload } from './build/first-screen-preload.ts';
import { precompress } from './build/precompress.ts';
import { radixSiblingRule } from './build/radix-sibling-rule.ts';
import { radixFullFirst, radixSubset } from './build/radix-subset.ts';

const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:8000';

// Libraries every screen needs get their own long-lived chunks; charts are grouped so that only
// the screens that import them load them. Drag and drop is the board's (first-screen, below).
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
];

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// A staff page load's first screen, the board, in one chunk (build/first-screen-chunk.ts): the
// paths below are what the board and the staff shell use that no signed-out page does.
const firstScreenModules = [
  source('app/shell/staff-shell.tsx'),
  source('features/dashboard/dashboard-page.tsx'),
];
const firstScreen = firstScreenChunk({
  name: 'first-screen',
  screens: firstScreenModules,
  only: new RegExp(
    [
      String.raw`[\\/]src[\\/]features[\\/](board|dashboard|health|learners|github|capstones|calendar|accounts|settings)[\\/]`,
      String.raw`[\\/]src[\\/]app[\\/]shell[\\/](staff-shell|nav-bar|backup-banner)\.tsx$`,
      String.raw`[\\/]src[\\/]ui[\\/](dialog[\\/](app-dialog|return-focus|use-confirm|dialog)|shortcuts[\\/].*|error-callout)\.`,
      String.raw`[\\/]src[\\/]lib[\\/](when-idle|urls)\.`,
      String.raw`[\\/]src[\\/]features[\\/]auth[\\/](school-link-action|api[\\/](log-out|school-link))\.`,
      String.raw`node_modules[\\/]@radix-ui[\\/]react-(avatar|checkbox|dialog|dropdown-menu|focus-guards|hover-card|menu|select|slider|switch|toggle|toggle-group)[\\/]`,
      String.raw`node_modules[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/](_internal[\\/])?(avatar|segmented-control|dialog|slider|base-menu|dropdown-menu|icons|select|badge|tooltip|base-checkbox|checkbox|text-area|switch|hover-card)\.`,
      String.raw`node_modules[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]helpers[\\/]require-react-element\.`,
      String.raw`node_modules[\\/](aria-hidden|get-nonce|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|@dnd-kit[\\/][a-z-]+)[\\/]`,
    ].join('|'),
  ),
  // What the route table starts before a screen's chunk has loaded (each feature's screens.ts and
  // the requests it sends) is the entry's.
  except: /[\\/]screens\.ts$|[\\/]src[\\/]features[\\/](board|calendar|health)[\\/]api[\\/]/,
  signedOut: [
    'login-page',
    'public-shell',
    'github-callback-page',
    'set-password-page',
    'join-page',
    'foundations-page',
  ],
});

const radixThemes = (folder: string, names: string) =>
  String.raw`node_modules[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]${folder}[\\/](${names})\.`;

// What the sign-in page loads beside its own chunk, all of it also the first screen's: one chunk
// for both. No more: the sign-in page's JavaScript is near its budget (bench:web).
const signInShared = new RegExp(
  [
    radixThemes('components', 'callout|card|separator|text-field'),
    String.raw`[\\/]src[\\/]features[\\/]auth[\\/]api[\\/]get-sign-in-options\.`,
    String.raw`[\\/]src[\\/]ui[\\/](document-title|form-field)\.`,
  ].join('|'),
);

// What the other signed-out pages (the foundations, joining, setting a password) share with the
// first screen: one chunk, of which those pages load a little more than they use.
const publicShared = new RegExp(
  [
    radixThemes('components', 'box|radio-group|scroll-area'),
    radixThemes('helpers', 'get-subtree|extract-margin-props|get-margin-styles'),
    String.raw`node_modules[\\/]@radix-ui[\\/](react-collection|react-radio-group|react-roving-focus|react-use-is-hydrated|react-scroll-area|number)[\\/]`,
    String.raw`node_modules[\\/](date-fns|@date-fns[\\/]tz)[\\/]`,
    String.raw`[\\/]src[\\/]lib[\\/]dates\.`,
    String.raw`[\\/]src[\\/]ui[\\/](empty-state|toasts[\\/]use-toast)\.`,
  ].join('|'),
);

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
    firstScreen.plugin,
    // STORAGE_KEYS.session: the config cannot load the contract's TypeScript; e2e/first-screen.e2e.ts
    // fails when the two differ.
    firstScreenPreload({
      path: '/',
      screens: firstScreenModules,
      sessionKey: 'nss_token',
      // Its chunk, the two shared with signed-out pages, the shell's and the dashboard's own
      // (the route's lazy module), and three stylesheets.
      maxFiles: 8,
    }),
    radixFullFirst(source('ui/radix-themes.css')),
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
        radixSubset({ file: fileURLToPath(new URL('./src/ui/radix-themes.css', import.meta.url)) }),
        radixSiblingRule(),
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
      output: {
        codeSplitting: {
          groups: [
            ...vendorGroups,
            // Its own stylesheet, loaded before every screen's (build/radix-subset.ts).
            { name: 'radix-themes', test: /src[\\/]ui[\\/]radix-themes\.css$/ },
            // Its modules' imports outside it stay where they are (the sign-in page's own).
            { name: 'first-screen', test: firstScreen.test, includeDependenciesRecursively: false },
            // What the first screen shares with signed-out pages, in two chunks instead of some
            // fifteen: the sign-in page's (all of it its own), and the other signed-out pages'.
            { name: 'sign-in-ui', test: signInShared, includeDependenciesRecursively: false },
            { name: 'public-ui', test: publicShared, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
