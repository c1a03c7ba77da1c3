import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { INLINE_SCRIPT_HASH_ATTRIBUTE } from './core/contract/settings';
import { MANIFEST_PATHS, webManifest } from './core/web-manifest';
import { writeBuildStamp } from './server/build-freshness';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/** Records what the build was made from, so `npm start` rebuilds when the sources change (server/build-freshness.ts). */
function buildStamp(): Plugin {
  let outDir = 'dist';
  return {
    name: 'runfoto-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeBuildStamp(process.cwd(), outDir);
    },
  };
}

/**
 * The modules of every first screen, bundled together (see build below): the libraries, the route table, the shell's
 * helpers and the API calls the first screens' loaders make. Other pages' API calls load with their pages.
 */
const FIRST_SCREEN_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|@lingui|idb-keyval|valibot)[\\/]|[\\/]src[\\/](routes|lib[\\/](api[\\/](client|events|first-screen)|app-settings|format|i18n|state|page-title|sw-bridge|links|pager|busy|network-status))[\\/.]/;

/**
 * The fonts of every first screen's text (src/fonts.css: Thai and Latin, 400 and 600), preloaded: they are shown
 * only if they are there when the text is first laid out (font-display: optional).
 */
const FIRST_PAINT_FONTS = /^assets\/sarabun-(thai|latin)-(400|600)-normal-[\w-]+\.woff2$/;

/**
 * src/head-init.js, what must run before the first paint, goes into index.html itself: as a file it was a
 * parser-blocking request before anything else of the page could start. Its SHA-256 goes beside it, for the
 * Content-Security-Policy (core/contract/settings.ts), which allows no other inline script.
 */
function inlineHeadScript(): Plugin {
  const tag = '<script src="/head-init.js"></script>';
  return {
    name: 'runfoto-inline-head-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        // Its opening comment stays in the source: every page would carry it.
        const code = fs
          .readFileSync(path.resolve('src/head-init.js'), 'utf8')
          .replace(/^(\/\/.*\n)+/, '')
          .trim();
        if (!html.includes(tag)) throw new Error(`index.html lost its ${tag}`);
        if (/<\/script/i.test(code)) throw new Error('src/head-init.js cannot be inlined: it says </script');
        const hash = createHash('sha256').update(code).digest('base64');
        return html.replace(
          tag,
          () => `<script ${INLINE_SCRIPT_HASH_ATTRIBUTE}="sha256-${hash}">${code}</script>`,
        );
      },
    },
  };
}

/**
 * Hints for the first paint, written into index.html by the build: the message catalogs, named for
 * src/head-init.js (it starts loading the stored language's catalog with the app's code instead of after it, one
 * round trip less before the first text), and preloads of the first paint's fonts (found by the CSS only once it has loaded).
 */
function firstPaintHints(): Plugin {
  return {
    name: 'runfoto-first-paint-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const catalogs = Object.values(bundle ?? {}).flatMap((chunk) => {
          const language =
            chunk.type === 'chunk' &&
            /[\\/]locales[\\/](\w+)[\\/]messages\.po$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return language ? [`${language}=/${chunk.fileName}`] : [];
        });
        const placeholder = '<meta name="runfoto-catalogs" content="" />';
        if (!html.includes(placeholder) || catalogs.length === 0) {
          throw new Error('index.html lost its runfoto-catalogs meta, or the build has no message catalogs');
        }
        const fonts = Object.keys(bundle ?? {}).filter((file) => FIRST_PAINT_FONTS.test(file));
        if (fonts.length !== 4)
          throw new Error(`expected Sarabun's four first-paint fonts in the build, found ${fonts.length}`);
        const fontLinks = fonts
          .sort()
          .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`);
        return html.replace(
          placeholder,
          [`<meta name="runfoto-catalogs" content="${catalogs.sort().join(' ')}" />`, ...fontLinks].join(
            '\n    ',
          ),
        );
      },
    },
  };
}

/** The English web manifest beside the Thai one VitePWA writes (core/web-manifest.ts). */
function englishManifest(): Plugin {
  return {
    name: 'runfoto-english-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_PATHS.en.slice(1),
        source: JSON.stringify(webManifest('en')),
      });
    },
  };
}

/** What the browser's build and the server renderer's build share: routes, Lingui's macros and catalogs, JSX. */
const sourcePlugins = () => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
  }),
  // Lingui's macros (t, Trans) become catalog lookups before React's JSX transform sees them.
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  react(),
  lingui(),
];

/**
 * The server's renderer of first screens (src/entry-server.tsx, issue 34): `vite build --ssr` writes it into the
 * build's ssr/ folder (never served: server/app.ts), beside the browser's build it renders the pages of.
 */
const serverRendererBuild = defineConfig({
  plugins: sourcePlugins(),
  publicDir: false,
  // One file with everything in it, React's production build included: one React for the router, Lingui and
  // jotai alike, whatever NODE_ENV the store runs with.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'node22',
    sourcemap: true,
    emptyOutDir: false,
    rolldownOptions: { output: { entryFileNames: '[name].js' } },
  },
});

const browserBuild = defineConfig({
  plugins: [
    ...sourcePlugins(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: webManifest('th'),
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The install sheet's screenshots are fetched by the browser when it shows the sheet, never offline.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    englishManifest(),
    inlineHeadScript(),
    firstPaintHints(),
    buildStamp(),
  ],
  server: { proxy: { '/api': apiTarget, '/storage': apiTarget } },
  // Source maps stay beside the build for whoever runs the store (the server never serves them): 'hidden' writes
  // them without the sourceMappingURL comment that would send browsers looking.
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    // Which chunks each route needs: the server preloads the page's own with the shell (server/shell-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What every first screen runs (React, the router and the route table, state, i18n, the API client, the
        // shell's helpers) goes in one file: forty small files cost a phone on 4G a round trip per six of them.
        codeSplitting: {
          groups: [
            {
              name: 'app-start',
              // A route's split-off component (…?tsr-split=component) stays lazy.
              test: (id: string) => FIRST_SCREEN_MODULES.test(id) && !id.includes('tsr-split'),
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRendererBuild : browserBuild));
