import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { bundledScenariosPlugin } from "./scripts/bundled-scenarios-plugin.ts";
import { CORE_ROOM_INDEX } from "./scripts/core-room-index.ts";

/**
 * The built app's Content-Security-Policy. Scripts only from the app itself, so model output that slips
 * into markup could not run; connections to any http(s) endpoint, because users benchmark servers
 * anywhere (a local vLLM, the sandbox, Hugging Face's router). Inline styles stay allowed: the charts
 * position their elements with style attributes. Build only: the dev server injects inline scripts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Generated speech plays from an object URL of its stored bytes.
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

function contentSecurityPolicy(): Plugin {
  return {
    name: "providerbench-content-security-policy",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY }, injectTo: "head-prepend" },
    ],
  };
}

/**
 * A feature's index.ts only re-exports what the app shell composes. Marked free of side effects, a page
 * that imports one view through it does not pull every other re-exported view (and its CSS) into its chunk.
 */
const FEATURE_INDEX = /[\\/]src[\\/]ui[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

// `base: "./"` makes the built site work when served from any folder.
export default defineConfig({
  base: "./",
  plugins: [react(), contentSecurityPolicy(), bundledScenariosPlugin(new URL("./scenarios", import.meta.url).pathname)],
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // These packages declare no `sideEffects: false`, so importing one constant from
        // @huggingface/inference's index (as core/scenario/scenario does) would keep all of it, snippets and
        // @huggingface/tasks included, in the first screen's bundle. Their modules have no import-time
        // side effects, so unused ones can go; the client itself then loads only with a run.
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/]@huggingface[\\/](inference|tasks)[\\/]/.test(id) && !FEATURE_INDEX.test(id) && !CORE_ROOM_INDEX.test(id),
      },
    },
  },
});
