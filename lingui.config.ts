import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Thai is the source language and the source of truth for wording; English is complete too.
export default defineConfig({
  sourceLocale: 'th',
  locales: ['th', 'en'],
  fallbackLocales: { default: 'th' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
