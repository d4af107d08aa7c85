import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// `base: "./"` makes the built site work when served from any folder.
export default defineConfig({
  base: "./",
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // These packages declare no `sideEffects: false`, so importing one constant from
        // @huggingface/inference's index (as core/scenario does) would keep all of it, snippets and
        // @huggingface/tasks included, in the first screen's bundle. Their modules have no import-time
        // side effects, so unused ones can go; the client itself then loads only with a run.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@huggingface[\\/](inference|tasks)[\\/]/.test(id),
      },
    },
  },
});
