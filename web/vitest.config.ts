import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      restoreMocks: true,
      // Component tests render whole screens in jsdom; on a busy 2-core machine one can take
      // several seconds. Waits are for visible state, so a generous limit costs nothing when idle.
      testTimeout: 30_000,
      // Vitest's default leaves one of two cores idle; screens render in parallel files.
      maxWorkers: 2,
      // Files share their worker's jsdom and loaded modules instead of building both again per
      // file (that was three quarters of the suite's time). vitest.setup.ts resets everything a
      // test can leave behind (DOM, storage, session cache, toasts) after each test; the suite
      // passes in any file order (--sequence.shuffle).
      isolate: false,
      unstubGlobals: true,
    },
  }),
);
