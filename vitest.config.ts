import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // DataHub's real web app needs its build: `npm run test:datahub-ui` (vitest.datahub-ui.config.ts).
    exclude: [...configDefaults.exclude, 'test/datahub-ui/**'],
    restoreMocks: true,
    // At least two files at a time: much of a file's time is spent waiting on child processes, servers, a browser
    // and npm, not computing, and on two cores vitest's default (one fewer than the cores) runs one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
