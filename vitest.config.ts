import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // DataHub's real web app needs its build: `npm run test:datahub-ui` (vitest.datahub-ui.config.ts).
    exclude: [...configDefaults.exclude, 'test/datahub-ui/**'],
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
