import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// `base: "./"` makes the built site work when served from any folder.
export default defineConfig({
  base: "./",
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true },
});
