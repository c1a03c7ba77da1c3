// The Hono app: the API under /api, stored objects under /storage, and the built PWA with SPA fallback; every
// app shell it sends carries the run-time settings (app-settings.ts), and /app-settings.json answers them alone.

import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ErrorAnswer } from '../core/contract/common';
import {
  APP_SETTINGS_PATH,
  type AppSettings,
  contentSecurityPolicy,
  inlineScriptHashes,
} from '../core/contract/settings';
import { SHARE_TARGET_PATH } from '../core/web-manifest';
import { appSettingsFromContext, appShellReader } from './app-settings';
import { compressJsonAnswers } from './compress-answers';
import type { AppContext } from './context';
import { type HealthDeps, healthRoutes } from './ops/health';
import { Lifecycle } from './ops/lifecycle';
import { log } from './ops/log';
import { metricsRoutes } from './ops/metrics-server';
import { loggedPath, requestLog } from './ops/request-log';
import { pageRenderer } from './page-render';
import { languageCookieRefresh, PAGE_LANGUAGE_VARY } from './page-texts';
import { dropAtMost } from './request-body';
import { type ApiLimits, apiRoutes, defaultLimits } from './routes/api';
import { crawlerRoutes } from './routes/crawlers';
import { MAX_UPLOAD_BYTES, storageRoutes } from './routes/storage';
import { prepareUploadedSelfie } from './services/face-search';
import { checkUploadGrant } from './services/live-uploads';
import { ownAddressOf } from './services/own-address';
import { pageDocument } from './services/page-document';
import { rateLimit } from './services/rate-limit';
import { shellPreloads } from './shell-preloads';
import type { DiskStore } from './storage/disk-store';

export interface AppOptions {
  ctx: AppContext;
  /** Folder of the built PWA; when it has no index.html only the API and storage are served. */
  distDir: string;
  /** Per-client rate limits of the costly calls (defaults in routes/api.ts). */
  limits?: ApiLimits;
  /** The disk object store, served at /storage (absent when objects live on S3). */
  diskStore?: DiskStore | undefined;
  /** The settings the PWA takes at run time (appSettingsFor(config)); default: the defaults with ctx's token. */
  settings?: AppSettings;
  /**
   * Whether a selfie uploaded to the disk store starts its embedding at once (prepareUploadedSelfie; default yes).
   * Off with several API processes: the search may reach another process, which would embed the selfie again.
   */
  prepareSelfiesOnUpload?: boolean;
  /** Pages' first screens rendered on the server (server/page-render.ts); off, the shell alone goes. Default on. */
  renderPages?: boolean;
  /** The process's stop (ops/lifecycle.ts): held requests are answered when it begins; default: one of its own. */
  lifecycle?: Lifecycle;
  /** What /readyz checks beyond the database and the object store (default: models loaded, no disk checked). */
  health?: Pick<HealthDeps, 'facesReady' | 'disks'>;
  /** METRICS_TOKEN: GET /metrics answers with it; absent: /metrics is not served on this port. */
  metricsToken?: string | undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Powerful features no page of the store uses are off for it and for anything it might embed; the share sheet
 * (Save to Photos) and full screen stay the store's own. The selfie comes through a file input, which needs no
 * camera permission.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'web-share=(self)',
  'fullscreen=(self)',
].join(', ');

/**
 * A photo shared to the server (no service worker took it) is read and dropped up to a selfie's size; a client that
 * stops sending for this long is cut off (else 30 stalled 40 MB shares hold 800 MB).
 */
const SHARED_PHOTO_IDLE_MS = 10_000;

/** Hono's "Malformed JSON in request body", in Thai. */
const MALFORMED_JSON_TH = 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง';

export function createApp(options: AppOptions) {
  const app = new Hono({ strict: false });
  const limits = options.limits ?? defaultLimits();
  const lifecycle = options.lifecycle ?? new Lifecycle();
  // First: every request gets its id, its access line and its metrics, and is counted while it is answered.
  app.use(requestLog());
  app.use(lifecycle.middleware());
  // Health before the API's limits: a load balancer's probes are never refused.
  app.route(
    '/',
    healthRoutes({
      db: options.ctx.db,
      store: options.ctx.store,
      facesReady: options.health?.facesReady ?? (() => true),
      disks: options.health?.disks ?? [],
      stopping: () => lifecycle.stopping,
    }),
  );
  if (options.metricsToken) app.route('/', metricsRoutes(options.metricsToken));
  app.use(
    secureHeaders({ crossOriginResourcePolicy: 'same-origin', crossOriginOpenerPolicy: 'same-origin' }),
  );
  app.use(compress());
  // Inside compress(): JSON answers are compressed in one step, the rest through compress()'s stream.
  app.use(compressJsonAnswers);
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  });

  const api = new Hono({ strict: false });
  api.route('/', apiRoutes(options.ctx, limits, lifecycle));
  app.route('/api', api);

  if (options.diskStore) {
    const onUploaded =
      options.prepareSelfiesOnUpload === false
        ? undefined
        : (key: string, body: Uint8Array) => prepareUploadedSelfie(options.ctx, key, body);
    // A photographer's upload address is checked against its link as each PUT arrives (revoked or expired: 403).
    const checkGrant = (key: string, grant: string) => checkUploadGrant(options.ctx, key, grant);
    app.route('/storage', storageRoutes(options.diskStore, onUploaded, checkGrant));
  }

  const settings = options.settings ?? appSettingsFromContext(options.ctx);
  const appShell = appShellReader(options.distDir, settings);
  const preloadsFor = shellPreloads(options.distDir);
  const renderPage = pageRenderer(options.distDir, settings);
  // Hashed build assets never change; everything else (index.html, sw.js, manifest, settings) is revalidated.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    await next();
  });
  // The service worker refreshes its copy here (the shell it precached was inlined at install time).
  app.get(APP_SETTINGS_PATH, (c) => c.json(settings));
  // The shell's policy as a header too, where frame-ancestors counts (a meta element cannot say it).
  // The shell is read once per process, so its policy is made once too.
  let policyOf: { html: string; policy: string } | undefined;
  const shellPolicy = (html: string) => {
    if (policyOf?.html !== html)
      policyOf = {
        html,
        policy: `${contentSecurityPolicy(settings, inlineScriptHashes(html))}; frame-ancestors 'none'`,
      };
    return policyOf.policy;
  };
  const sendShell = async (c: Context) => {
    const html = appShell();
    if (html === undefined) return c.text('not found', 404);
    c.header('Content-Security-Policy', shellPolicy(html));
    // The copy the service worker precaches and answers every later navigation with: no page's data in it.
    if (c.req.path === '/index.html') return c.html(html);
    // The page's canonical, og: addresses and rendered origin: the store's own, never a Host a client made up.
    const baseUrl = ownAddressOf(options.ctx, c.req.url);
    const page = await pageDocument(
      options.ctx,
      html,
      {
        pathname: c.req.path,
        baseUrl,
        cookie: c.req.header('cookie'),
        acceptLanguage: c.req.header('accept-language'),
        fetchSite: c.req.header('sec-fetch-site'),
      },
      preloadsFor,
    );
    // A page with a buyer's data (an order's) is kept by no cache, as that data's own API answer is not.
    if (page.private) c.header('Cache-Control', 'no-store');
    // The language comes from the visitor's cookie, else their browser's languages: a shared cache keeps one copy
    // for each (page-texts.ts pageLanguageOf).
    c.header('Vary', PAGE_LANGUAGE_VARY);
    // The visitor's choice written again as the server's cookie: it lasts a year from the last visit (one only
    // ever written by script is dropped after 7 days by Safari). Same value as asked, so a copy a cache keeps for
    // that Cookie header (Vary) says nothing another visitor's request did not.
    const refreshed = languageCookieRefresh(c.req.header('cookie'), baseUrl.startsWith('https:'));
    if (refreshed) c.header('Set-Cookie', refreshed);
    const search = new URL(c.req.url).search;
    const rendered =
      options.renderPages === false
        ? undefined
        : await renderPage(page.html, {
            url: `${page.renderPath}${page.renderPath === '/404' ? '' : search}`,
            language: page.language,
            answers: page.answers,
            origin: baseUrl,
          });
    return c.html(rendered ?? page.html, page.status);
  };
  // Before serveStatic, which would send dist/index.html as built, with the marker instead of the settings.
  app.get('/', sendShell);
  app.get('/index.html', sendShell);
  app.route('/', crawlerRoutes(options.ctx));
  // The build's source maps are for whoever runs the store, not for the public.
  // Nor is the server's renderer of first screens, built beside the PWA.
  app.get('*', async (c, next) =>
    c.req.path.endsWith('.map') || c.req.path.startsWith('/ssr/') ? c.text('not found', 404) : next(),
  );
  app.use('*', serveStatic({ root: options.distDir }));
  // A photo shared to the app reaches the server only when no service worker took it (the app not opened since it
  // was installed, or its worker gone): the photo cannot be kept here, so the app opens and the buyer picks it.
  // The photo is read and dropped as it comes, never kept (up to a selfie's size), before the answer: a browser
  // follows the redirect once it has sent the photo. Limited per client like the searches.
  app.post(SHARE_TARGET_PATH, rateLimit(limits.share, limits.clientOf), async (c) => {
    const read = await dropAtMost(c.req.raw, MAX_UPLOAD_BYTES, SHARED_PHOTO_IDLE_MS).catch(
      () => 'stalled' as const,
    );
    if (read === 'too large')
      return c.json<ErrorAnswer>(
        {
          status: 'error',
          message: 'the shared photo is larger than 15 MB',
          message_th: 'รูปที่แชร์มีขนาดใหญ่เกิน 15MB',
        },
        413,
      );
    if (read === 'stalled')
      return c.json<ErrorAnswer>({ status: 'error', message: 'the upload stalled' }, 408);
    return c.redirect('/', 303);
  });
  // SPA fallback: any other page address gets the app shell; a missing file (with an extension) is a 404.
  app.get('*', (c) => (path.extname(c.req.path) ? c.text('not found', 404) : sendShell(c)));

  // Every router's errors end here: a malformed JSON body is the 400 HTTPException Hono raises, anything else is ours.
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const malformed = error.status === 400 && /malformed/i.test(error.message);
      return c.json<ErrorAnswer>(
        malformed
          ? { status: 'error', message: 'the request body is not valid JSON', message_th: MALFORMED_JSON_TH }
          : { status: 'error', message: error.message || 'bad request' },
        error.status,
      );
    }
    log.error('request failed', { method: c.req.method, path: loggedPath(c.req.path), err: error });
    return c.json<ErrorAnswer>({ status: 'error', message: 'internal error, please try again' }, 500);
  });
  return app;
}
