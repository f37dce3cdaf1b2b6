// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  // The shop keeps its own sessions in the database (DESIGN.md); Astro's file sessions stay off.
  session: false,
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  build: { inlineStylesheets: 'auto' },
  vite: {
    ssr: {
      // Native/wasm packages stay external so one copy is shared with the start script.
      external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'pino'],
    },
  },
});
