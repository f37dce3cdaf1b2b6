import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction; see src/directives/interaction.ts. */
    'client:interaction'?: boolean | { event?: string; sessionKey?: string };
  }
}
