// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { SERVER_BUNDLED, SERVER_EXTERNALS, bootBundle } from './scripts/server/boot-bundle.mjs';
import { precompress } from './scripts/server/precompress.mjs';
import { shopDirectives } from './src/directives/integration.mjs';
import { PAGE_DIRECTIVES, PAGE_SCRIPT_RESOURCES } from './scripts/server/security-headers.mjs';

export default defineConfig({
  output: 'server',
  // The shop keeps its own sessions in the database (DESIGN.md); Astro's file sessions stay off.
  session: false,
  // 'middleware': scripts/start.mjs owns the HTTP server (static files, compression, shutdown).
  // bodySizeLimit bounds what a page request may make Astro buffer (Astro's default is 1 GB); the
  // API answers 413 at 1 MB itself (src/server/api/app.ts), before this limit is reached.
  adapter: node({ mode: 'middleware', bodySizeLimit: 2 * 1024 * 1024 }),
  integrations: [react(), shopDirectives(), precompress(), bootBundle()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  build: { inlineStylesheets: 'auto' },
  // No Markdown code blocks here; Shiki's inline styles would conflict with the CSP.
  markdown: { syntaxHighlight: false },
  security: {
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
    ssr: {
      // Native/wasm packages stay external so one copy is shared with the start script.
      external: SERVER_EXTERNALS,
      // Bundled rather than imported from node_modules at run time: loading drizzle-orm's and
      // zod's hundreds of files natively made the first request after start take ~2 s.
      noExternal: SERVER_BUNDLED,
    },
  },
});
