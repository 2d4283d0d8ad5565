import crypto from 'node:crypto';
import type { Plugin } from 'vite';

/** The meta tag every built page carries: the build it belongs to. */
export const BUILD_META = 'chelian-build';

/**
 * Writes the build's content hash as `/{hash}.json` and stamps it into every page. A page asks
 * now and then for its own build's file (apps/web/src/shared/version/newVersion.ts): once a newer
 * build has replaced it (the old file is gone, the answer 404), the page offers a refresh instead
 * of breaking on lazy chunks that no longer exist.
 */
export function buildHash(): Plugin {
  return {
    name: 'chelian-build-hash',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const hash = crypto.createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        if (name.endsWith('.html')) continue;
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      const id = hash.digest('hex').slice(0, 16);
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset' && item.fileName.endsWith('.html')) {
          item.source = String(item.source).replace('<head>', `<head>\n    <meta name="${BUILD_META}" content="${id}" />`);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: `${id}.json`,
        source: `${JSON.stringify({ hash: id, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}
