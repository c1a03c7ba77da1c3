// The settings the PWA takes from this server at run time (core/contract/settings.ts): mapped from the config in
// one place, and the app shell (dist/index.html) with them inlined, read once per process.
import fs from 'node:fs';
import path from 'node:path';
import { type AppSettings, appSettingsDefaults, inlineAppSettings } from '../core/contract/settings';
import type { Config } from './config';
import type { AppContext } from './context';
import { distAssetReader, inlineShellStyles } from './shell-styles';
import { s3PublicBase } from './storage/s3-store';

/** Where browsers read public objects: the same address the object store's publicUrl builds. */
const storageBaseFor = (config: Pick<Config, 's3' | 'storagePublicUrl'>): string =>
  config.s3 ? s3PublicBase(config.s3) : config.storagePublicUrl;

export function appSettingsFor(config: Config): AppSettings {
  return {
    apiBase: config.publicApiBase,
    storageBase: storageBaseFor(config),
    appToken: config.appToken,
    opnPublicKey: config.opnPublicKey,
    paymentGateway: config.paymentGateway,
    support: config.support,
    alertsByEmail: config.smtp !== undefined,
    privacy: {
      controller: config.privacy.controller,
      contactEmail: config.privacy.contactEmail,
      storageRegion: config.s3?.region ?? '',
      retentionDays: config.retentionDays,
      orderContactDays: config.orderContactDays,
    },
  };
}

/**
 * What an app built without a config (tests that hand createApp only a context) serves: the defaults with the
 * context's own token and gateway, so its pages call its API as the real store's do.
 */
export function appSettingsFromContext(ctx: Pick<AppContext, 'appToken' | 'payments'>): AppSettings {
  const names = { SANDBOX: 'sandbox', GBP: 'gbp', OPN: 'opn' } as const;
  return { ...appSettingsDefaults, appToken: ctx.appToken, paymentGateway: names[ctx.payments.name] };
}

/**
 * The app shell with the settings and its styles inlined (shell-styles.ts): dist/index.html is read on the first
 * page asked for and kept (a deployment replaces dist/ with a restart). Undefined while the folder has no
 * index.html (an API-only server).
 */
export function appShellReader(distDir: string, settings: AppSettings): () => string | undefined {
  const indexFile = path.join(distDir, 'index.html');
  let shell: string | undefined;
  return () => {
    if (shell === undefined && fs.existsSync(indexFile)) {
      const built = fs.readFileSync(indexFile, 'utf8');
      shell = inlineAppSettings(inlineShellStyles(built, distAssetReader(distDir)), settings);
    }
    return shell;
  };
}
