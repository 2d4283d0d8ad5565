import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_SCRIPT_BUDGET, bundleAssistantWidget } from '../../build/assistantWidget.ts';

describe('the assistant script', () => {
  it('stays within its budget and carries no React, antd or schema builders', async () => {
    const text = await bundleAssistantWidget(path.resolve(import.meta.dirname, '../..'));
    expect(text.length).toBeLessThanOrEqual(ASSISTANT_SCRIPT_BUDGET.minifiedBytes);
    expect(zlib.brotliCompressSync(text).length).toBeLessThanOrEqual(ASSISTANT_SCRIPT_BUDGET.brotliBytes);
    expect(text).not.toMatch(/react|antd|typebox/i);
    expect(text).toContain('ChelianAssistant');
  });
});
