// The one pattern for a room's entry in src/core (docs/architecture.md): an index.ts that only
// re-exports, so both bundlers (vite.config.ts for the site, scripts/build-cli.ts for the command) mark
// it free of side effects, and an importer of one name bundles that name's module, not the whole room.
// Whole modules only (`export * from`): esbuild bundles the module of a named re-export wherever the
// index is reached (tests/unit/repo/import-zones.test.ts holds every index to it).
export const CORE_ROOM_INDEX = /[\\/]src[\\/]core[\\/](?:[^\\/]+[\\/])+index\.ts$/;
