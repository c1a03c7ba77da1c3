import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

export default defineConfig({
  plugins: [
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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'RunFoto — ค้นหาภาพวิ่งของคุณ',
        short_name: 'RunFoto',
        description: 'ค้นหาภาพงานวิ่งของคุณด้วยเซลฟี่ ซื้อ และดาวน์โหลด',
        lang: 'th',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#c04927',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    buildStamp(),
  ],
  server: { proxy: { '/api': apiTarget, '/storage': apiTarget } },
  // Source maps stay beside the build for whoever runs the store (the server never serves them): 'hidden' writes
  // them without the sourceMappingURL comment that would send browsers looking.
  build: { target: 'es2022', sourcemap: 'hidden' },
});
