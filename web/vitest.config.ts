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
      unstubGlobals: true,
    },
  }),
);
