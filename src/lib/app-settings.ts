// The settings the server handed over with the app shell (core/contract/settings.ts): API and storage bases, the
// application token, the card public key, the gateway and the support channels. Read once, when the app starts.
import {
  APP_SETTINGS_ELEMENT_ID,
  type AppSettings,
  appSettingsDefaults,
  parseAppSettingsJson,
  SERVER_SETTINGS_GLOBAL,
} from '../../core/contract/settings';

export interface ReadOptions {
  /**
   * Whether a shell without the element deserves a warning: a production build is always served by the server
   * or the service worker, which inline it; the Vite dev server and the unit tests serve the marker, and their
   * defaults are right (the dev proxy forwards /api and /storage to a server with the demo token).
   */
  warnIfAbsent: boolean;
  warn?: (message: string) => void;
}

export function readAppSettings(
  doc: Pick<Document, 'getElementById'>,
  { warnIfAbsent, warn = console.warn }: ReadOptions,
): AppSettings {
  const element = doc.getElementById(APP_SETTINGS_ELEMENT_ID);
  if (!element) {
    if (warnIfAbsent) warn('app settings: the page carries none; using the defaults');
    return appSettingsDefaults;
  }
  const { settings, problem } = parseAppSettingsJson(element.textContent);
  if (problem) warn(`app settings: unusable (${problem}); using the defaults`);
  return settings;
}

export const appSettings: AppSettings = Object.freeze(
  typeof document === 'undefined'
    ? (((globalThis as Record<string, unknown>)[SERVER_SETTINGS_GLOBAL] as AppSettings | undefined) ??
        appSettingsDefaults)
    : readAppSettings(document, { warnIfAbsent: import.meta.env.PROD }),
);
