/**
 * SvelteKit's `$lib` alias, as a webpack-style resolve config for dependency-cruiser (its
 * tsconfig reader does not follow the paths of the generated `.svelte-kit/tsconfig.json`).
 */
module.exports = { resolve: { alias: { $lib: `${__dirname}/src/lib` } } };
