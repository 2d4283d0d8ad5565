import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { CHILD_SYSTEMS } from './src/shared/systems/childSystems.ts';
import { precompress } from '../../scripts/precompress.ts';
import { buildHash } from './build/buildHash.ts';
import { assistantWidget } from './build/assistantWidget.ts';
import { mobileBoot, mobileChunkGroups } from './build/mobileChunks.ts';

const root = import.meta.dirname;

// Multi-page build: the host shell at / and one page per sub-product at /child/{system}/.
// Every child page mounts the same entry, parametrised by the data-system attribute of #app.
const input: Record<string, string> = { shell: resolve(root, 'index.html') };
for (const system of CHILD_SYSTEMS) input[`child-${system}`] = resolve(root, `child/${system}/index.html`);
// 掌上车联, the phone app at /m/ (docs/mobile.md)
input.mobile = resolve(root, 'm/index.html');

export default defineConfig({
  // every built file also as .br and .gz, which the server picks by Accept-Encoding (docs/web.md, Delivery)
  // /{hash}.json and the hash in every page: a page learns a newer build is deployed (docs/web.md)
  // AI智能助手's own script, /ai/assistant.js (build/assistantWidget.ts)
  // 掌上车联's boot script, asking for the code after login early (build/mobileChunks.ts)
  plugins: [react(), assistantWidget(root), buildHash(), mobileBoot(), precompress()],
  resolve: {
    alias: { '@chelian/contracts': resolve(root, '../../packages/contracts/src/index.ts') },
  },
  build: {
    // 掌上车联's code after login in a few chunks, not ~40 (build/mobileChunks.ts)
    rollupOptions: { input, output: { codeSplitting: { groups: mobileChunkGroups } } },
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: Object.fromEntries(
      ['/oauth', '/oauthToken', '/car/v1', '/car/v4', '/runtime-config.js', '/healthz', '/brand'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
});
