// The store's support channels as a test sets them (the real settings are read once and frozen): a test file
// mocks the settings module with `withSupport` and sets `support.current` (contact links lead to channels that
// exist, or are not offered).
import type { SupportChannels } from '../../core/contract/settings';
import type * as AppSettingsModule from '../lib/app-settings';

export const support: { current: SupportChannels } = { current: {} };

/** The settings module with its support channels read from `support.current`. */
export function withSupport(real: typeof AppSettingsModule): typeof AppSettingsModule {
  return {
    ...real,
    get appSettings() {
      return { ...real.appSettings, support: support.current };
    },
  };
}
