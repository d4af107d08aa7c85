/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by `npm start` to the sandbox it started. */
  readonly VITE_SANDBOX_URL?: string;
}

/** Built by scripts/bundled-scenarios-plugin.ts from scenarios/*.json; typed where it is read (bundled-scenarios.ts). */
declare module "virtual:bundled-scenarios" {
  const files: unknown;
  export default files;
}
