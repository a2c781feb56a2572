import { defineConfig } from 'vitest/config';

/**
 * `npm run test:datahub-ui`: DataHub's real web app in Chromium over the embedded catalog. Kept out of `npm test`
 * because it needs a build of the app (`npm run datahub-ui:build`, about 7 minutes, not committed).
 */
export default defineConfig({
  test: {
    include: ['test/datahub-ui/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
