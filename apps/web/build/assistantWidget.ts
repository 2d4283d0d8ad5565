import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where the built script lands in dist/, i.e. the URL the server serves it at (AI_SCRIPT_URL=/ai/assistant.js). */
export const ASSISTANT_SCRIPT_FILE = 'ai/assistant.js';

/**
 * AI智能助手's widget as its own small script: plain TypeScript (src/assistant-widget/, no React,
 * no antd), bundled by esbuild into one minified IIFE beside the app's build. It is not hashed:
 * its URL is configuration (aiScriptUrl), and the server sends it with a short cache lifetime.
 */
export function assistantWidget(root: string): Plugin {
  return {
    name: 'chelian-assistant-widget',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: ASSISTANT_SCRIPT_FILE, source: await bundleAssistantWidget(root) });
    },
  };
}

/** Its budget (docs/PERFORMANCE.md): what a logged-in page downloads once it is idle. */
export const ASSISTANT_SCRIPT_BUDGET = { minifiedBytes: 16 * 1024, brotliBytes: 6 * 1024 };

/** The script's text: one minified IIFE. */
export async function bundleAssistantWidget(root: string): Promise<string> {
  const out = await build({
    entryPoints: [path.join(root, 'src/assistant-widget/main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}
