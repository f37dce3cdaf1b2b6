// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { SERVER_BUNDLED, SERVER_EXTERNALS, bootBundle } from './src/server/http/boot-bundle.mjs';
import { precompress } from './src/server/http/precompress.mjs';
import { shopDirectives } from './src/directives/integration.mjs';
import { PAGE_DIRECTIVES, PAGE_SCRIPT_RESOURCES } from './src/server/http/security-headers.mjs';
import { API_UPLOAD_BODY_LIMIT_BYTES, PAGE_BODY_DRAIN_BYTES } from './src/server/page-requests.mjs';

/** Modules of the shared `frame` chunk of the browser build (see `vite.environments.client`). */
const FRAME_MODULES =
  /node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]|src[\\/]features[\\/]i18n[\\/]locale(-cookie)?\.ts$|src[\\/]lib[\\/](rules[\\/]placeholders|language-path)\.ts$|src[\\/]features[\\/]wishlist[\\/]wishlist-(count|store|ids)\.ts$|preload-helper/;

export default defineConfig({
  output: 'server',
  // The shop keeps its own sessions in the database (docs/architecture.md); Astro's file sessions stay off.
  session: false,
  // 'middleware': scripts/start.mjs owns the HTTP server (static files, compression, shutdown).
  // bodySizeLimit bounds what a request may make Astro read (Astro's default is 1 GB). The page
  // gate answers 413 past 2 MB (src/server/page-gate.ts) and the API past 1 MB, a photo upload
  // past 16 MB (src/server/api/app.ts); this limit, above all, only cuts off a client that keeps
  // sending after that.
  adapter: node({ mode: 'middleware', bodySizeLimit: API_UPLOAD_BODY_LIMIT_BYTES + PAGE_BODY_DRAIN_BYTES }),
  integrations: [react(), shopDirectives(), precompress(), bootBundle()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  build: { inlineStylesheets: 'auto' },
  // No Markdown code blocks here; Shiki's inline styles would conflict with the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    // Off: it refused bearer-token API clients' POSTs without a body (403 "Cross-site POST form
    // submissions are forbidden"). The API has its own CSRF rules (X-XSRF-TOKEN for cookie
    // sessions, none for bearer tokens); page forms get a same-origin check in the page gate
    // (src/server/page-gate.ts), which also knows the scheme a trusted proxy forwarded.
    checkOrigin: false,
    // Astro hashes its own inline scripts/styles (island hydration) and sends the policy as a
    // response header on server-rendered pages; see docs/decisions/002-serving.md.
    csp: {
      directives: PAGE_DIRECTIVES,
      scriptDirective: { resources: PAGE_SCRIPT_RESOURCES },
      // style="" attributes rendered by React islands cannot be hashed; attributes cannot run code.
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // The few small modules every shop page runs at load (nanostores, the locale and
              // wishlist stores, the header counts, Vite's preload helper) in one file instead of
              // about eight: each file costs a request and ~700 bytes of response headers, which
              // Lighthouse counts as script bytes on the wire (issue 29).
              codeSplitting: { groups: [{ name: 'frame', test: FRAME_MODULES }] },
            },
          },
        },
      },
    },
    ssr: {
      // Native/wasm packages stay external so one copy is shared with the start script.
      external: SERVER_EXTERNALS,
      // Bundled rather than imported from node_modules at run time: loading drizzle-orm's and
      // zod's hundreds of files natively made the first request after start take ~2 s.
      noExternal: SERVER_BUNDLED,
    },
  },
});
