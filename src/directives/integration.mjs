// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * Registers the shop's custom client directives (see interaction.ts). Plain .mjs because
 * astro.config.mjs imports it.
 * @returns {import('astro').AstroIntegration}
 */
export function shopDirectives() {
  return {
    name: 'shop-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          // esbuild bundles the directive and takes a path, not a file: URL.
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
