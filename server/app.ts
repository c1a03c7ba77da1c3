// The Hono app: the API under /api, stored objects under /storage, and the built PWA with SPA fallback.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ErrorAnswer } from '../core/contract/common';
import type { AppContext } from './context';
import { type ApiLimits, apiRoutes } from './routes/api';
import { storageRoutes } from './routes/storage';
import type { DiskStore } from './storage/disk-store';

export interface AppOptions {
  ctx: AppContext;
  /** Folder of the built PWA; when it has no index.html only the API and storage are served. */
  distDir: string;
  /** Per-client rate limits of the costly calls (defaults in routes/api.ts). */
  limits?: ApiLimits;
  /** The disk object store, served at /storage (absent when objects live on S3). */
  diskStore?: DiskStore | undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createApp(options: AppOptions) {
  const app = new Hono({ strict: false });
  app.use(
    secureHeaders({ crossOriginResourcePolicy: 'same-origin', crossOriginOpenerPolicy: 'same-origin' }),
  );
  app.use(compress());

  const api = new Hono({ strict: false });
  api.route('/', apiRoutes(options.ctx, options.limits));
  app.route('/api', api);

  if (options.diskStore) app.route('/storage', storageRoutes(options.diskStore));

  const indexFile = path.join(options.distDir, 'index.html');
  // Hashed build assets never change; everything else (index.html, sw.js, manifest) is revalidated.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    await next();
  });
  app.use('*', serveStatic({ root: options.distDir }));
  // SPA fallback: any other page address gets the app shell; a missing file (with an extension) is a 404.
  app.get('*', (c) => {
    if (path.extname(c.req.path) || !fs.existsSync(indexFile)) return c.text('not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });

  // Every router's errors end here: a malformed JSON body is the 400 HTTPException Hono raises, anything else is ours.
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json<ErrorAnswer>({ status: 'error', message: error.message || 'bad request' }, error.status);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json<ErrorAnswer>({ status: 'error', message: 'internal error, please try again' }, 500);
  });
  return app;
}
