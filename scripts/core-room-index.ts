// The one pattern for a room's entry in src/core (docs/architecture.md): an index.ts that only
// re-exports, so both bundlers (vite.config.ts for the site, scripts/build-cli.ts for the command) mark
// it free of side effects, and an importer of one name bundles that name's module, not the whole room.
export const CORE_ROOM_INDEX = /[\\/]src[\\/]core[\\/](?:[^\\/]+[\\/])+index\.ts$/;
