#!/usr/bin/env node
// `npm run build:server`: the server as plain JavaScript in apps/server/dist (esbuild), so a
// production process runs `node apps/server/dist/main.js [--role …]` without tsx. Under tsx every
// process also carries the TypeScript loader (a second V8 isolate) and an esbuild service child:
// ~40–55 MB per process, which counts once per gateway when several run side by side.
//
// npm packages stay external (node_modules is there at run time); the workspace packages
// (@chelian/*) are compiled in. Dynamic imports stay separate chunks (`splitting`), so a role
// still loads only what it uses. Source files that find data next to themselves
// (`import.meta.url` / `import.meta.dirname`: the migrations, the region boundaries) are
// rewritten to point from dist/ back to where the data lives in the repository.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const repo = path.resolve(import.meta.dirname, '..');
// SERVER_OUTDIR: another folder (the cluster test builds its own copy, so a concurrent build of dist/ cannot pull files from under it).
const outdir = process.env.SERVER_OUTDIR ? path.resolve(process.env.SERVER_OUTDIR) : path.join(repo, 'apps/server/dist');

/** `import.meta.*` of a source file, as seen from a chunk in outdir. */
const relocateImportMeta = {
  name: 'relocate-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const fromOut = path.relative(outdir, args.path).split(path.sep).join('/');
      const dirFromOut = path.posix.dirname(fromOut);
      return {
        loader: 'ts',
        // url first: the dirname replacement brings its own import.meta.url, which must stay.
        contents: source
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`)
          .replaceAll(
            'import.meta.dirname',
            `decodeURIComponent(new URL(${JSON.stringify(`${dirFromOut}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`,
          ),
      };
    });
  },
};

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@chelian/') ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  // The gateway alone (apps/server/src/testing/gatewayProcess.ts) too: benchmarks measure the
  // gateway as production runs it, compiled.
  // The sheet, password and PGlite workers (core/threadWorker.ts) are threads' own entries, found beside main.js.
  entryPoints: [
    path.join(repo, 'apps/server/src/main.ts'),
    path.join(repo, 'apps/server/src/testing/gatewayProcess.ts'),
    { in: path.join(repo, 'apps/server/src/modules/terminals/sheet.worker.ts'), out: 'sheetWorker' },
    { in: path.join(repo, 'apps/server/src/modules/auth/password.worker.ts'), out: 'passwordWorker' },
    { in: path.join(repo, 'apps/server/src/db/pglite.worker.ts'), out: 'pgliteWorker' },
  ],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, relocateImportMeta],
});
console.log(`built ${path.relative(repo, outdir)}/main.js`);
