/**
 * `virtual:enhance-scripts`: the URL of each page script under app/enhance/ (ADR 055). Pages that do not
 * hydrate React (ADR 008) may still need a little behaviour, such as a form's instant checks; each such
 * script is bundled on its own, into one self-contained file with nothing shared with the app's chunks, so
 * a page loads exactly its bytes. The server build bundles them and maps each name to its hashed file;
 * the dev server maps each name to its source, which Vite serves and reloads.
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";

const VIRTUAL_ID = "virtual:enhance-scripts";
const RESOLVED_ID = "\0" + VIRTUAL_ID;
/** Where React Router writes the browser's files (its default build directory). */
const CLIENT_OUT_DIR = path.join("build", "client");

/** Each page script by name: the URL of its one file. */
type EnhanceScripts = Record<string, string>;

/** The entries: every .ts file directly in app/enhance/ except this plugin and tests. */
function entries(root: string): Record<string, string> {
  const dir = path.join(root, "app", "enhance");
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "vite-plugin.ts")
      .map((file) => [file.replace(/\.ts$/, ""), path.join(dir, file)]),
  );
}

/** Bundles each entry into build/client/assets as one file and returns name -> URL. */
async function bundle(root: string): Promise<EnhanceScripts> {
  const inputs = entries(root);
  const scripts: EnhanceScripts = {};
  for (const [name, file] of Object.entries(inputs)) {
    const result = (await build({
      configFile: false,
      root,
      logLevel: "warn",
      resolve: { tsconfigPaths: true },
      build: {
        outDir: path.join(root, CLIENT_OUT_DIR),
        emptyOutDir: false,
        copyPublicDir: false,
        write: true,
        rollupOptions: {
          input: { [name]: file },
          output: { format: "es", entryFileNames: "assets/[name]-[hash].js", codeSplitting: false },
        },
      },
    })) as Rollup.RollupOutput;
    const chunks = result.output.filter((item) => item.type === "chunk");
    // One request per page script: a second file would be a second round trip on a slow phone.
    if (chunks.length !== 1) {
      throw new Error(`app/enhance/${name}.ts: bundled into ${chunks.length} files, expected 1`);
    }
    scripts[name] = "/" + chunks[0]!.fileName;
  }
  return scripts;
}

export function enhanceScripts(): Plugin {
  let root = "";
  let serving = false;
  let built: Promise<EnhanceScripts> | undefined;
  return {
    name: "leadworks-enhance-scripts",
    configResolved(config) {
      root = config.root;
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id, options) {
      if (id !== RESOLVED_ID) return undefined;
      let scripts: EnhanceScripts;
      if (serving) {
        scripts = Object.fromEntries(
          Object.entries(entries(root)).map(([name, file]) => [name, "/" + path.relative(root, file)]),
        );
      } else if (options?.ssr) {
        // The server build runs after the browser's (which cleaned build/), so the files land beside it.
        built ??= bundle(root);
        scripts = await built;
      } else {
        // The browser's build never renders these tags: only pages that do not hydrate carry them.
        scripts = {};
      }
      return `export default ${JSON.stringify(scripts)};`;
    },
  };
}
