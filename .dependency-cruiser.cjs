/**
 * Import boundaries of the shop (docs/architecture.md "Layers and boundaries", ADR 021), checked by
 * `npm run check:boundaries` (scripts/check-boundaries.mjs) as a stage of `npm test`.
 * Type-only imports count (tsPreCompilationDeps): a type from the server pulled into an island
 * is how server code starts leaking into the bundle, and it couples the two sides all the same.
 * .astro files are read by the script (dependency-cruiser cannot parse them) against these
 * same rules; the <script> blocks of .astro files are browser entry points like the islands.
 */
const SERVER = '^src/server/';
/** Code that runs in the browser: islands, stores, the isomorphic lib/, and browser scripts. */
const BROWSER_ENTRIES = ['^src/features/.+\\.tsx$', '^src/stores/', '^src/lib/', '^src/directives/'];

module.exports = {
  forbidden: [
    {
      name: 'browser-never-imports-server',
      comment:
        'Islands, stores and lib/ are shipped to the browser. Server modules hold secrets, database access ' +
        'and Node APIs; importing one (even for a type) either breaks the bundle or ships server code. ' +
        'Shared shapes and rules live in src/lib/ (contract/, rules/, money.ts).',
      severity: 'error',
      from: { path: BROWSER_ENTRIES },
      to: { path: SERVER, reachable: true },
    },
    {
      name: 'server-never-imports-ui-or-scripts',
      comment:
        'src/server/ is the domain and the API; features/ and pages/ are the user interface built on it and ' +
        'scripts/ are command-line tools. The server depending on them would make the UI part of the domain ' +
        'and make a script change break the server. What both sides need moves to src/lib/ or src/server/.',
      severity: 'error',
      from: { path: SERVER },
      to: { path: ['^src/features/', '^src/pages/', '^src/components/', '^src/layouts/', '^scripts/'] },
    },
    {
      name: 'services-never-import-the-api-layer',
      comment:
        'Services are used by pages and the API alike: they throw domain errors (services/errors.ts) and ' +
        'the API layer maps them to HTTP (api/errors.ts). A service importing HttpError or a route would ' +
        'tie every page render to HTTP details and make the API layer impossible to change alone.',
      severity: 'error',
      from: { path: '^src/server/(services|payments|mail)/' },
      to: { path: '^src/server/api/' },
    },
    {
      name: 'http-server-stays-plain-javascript',
      comment:
        'src/server/http/ is the production HTTP server (static files, compression, security headers, build ' +
        'freshness) that scripts/start.mjs and astro.config.mjs load with plain Node, before and without a ' +
        'build. An import of a .ts module (or a package the runtime install lacks) there works in the ' +
        'tests and fails at `npm start`; what it shares with the app it shares as plain .mjs.',
      severity: 'error',
      from: { path: '^src/server/http/' },
      to: { path: '\\.(ts|tsx)$' },
    },
    {
      name: 'pages-reach-the-database-through-services',
      comment:
        'Pages are thin routes (docs/architecture.md): parse, call a service, render. A page with its own queries ' +
        'duplicates what the API route does through the service and drifts from it (payment status).',
      severity: 'error',
      from: { path: ['^src/pages/', '^src/components/', '^src/layouts/', '^src/features/'] },
      to: { path: '^src/server/db/', pathNot: '^src/server/db/client\\.ts$' },
    },
    {
      name: 'pages-never-import-api-routes',
      comment:
        'Pages call the services the API calls, never a route module: a route is HTTP handling, and a page ' +
        'borrowing its schema ends up working around HTTP-shaped errors (the old list-page retry).',
      severity: 'error',
      from: {
        path: ['^src/pages/', '^src/components/', '^src/layouts/', '^src/features/'],
        pathNot: '^src/pages/api/',
      },
      to: { path: '^src/server/api/.+\\.routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|scripts)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
