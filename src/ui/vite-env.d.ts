/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by `npm start` to the sandbox it started. */
  readonly VITE_SANDBOX_URL?: string;
}
