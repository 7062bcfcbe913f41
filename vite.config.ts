import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { enhanceScripts } from "./app/enhance/vite-plugin.ts";
import { blogArticles } from "./app/features/blog/vite-plugin.ts";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // Names the offline worker's cache, so each build starts a fresh one.
  define: { __BUILD_VERSION__: JSON.stringify(Date.now().toString(36)) },
  build: {
    // The SSR bundle's entry is our Node server, which embeds the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [blogArticles(), enhanceScripts(), tailwindcss(), reactRouter()],
}));
