import { describe, expect, it } from 'vitest';
import { replyForOperator, replyMeaning } from './commandReplies.ts';

describe("a terminal's reply as an operator reads it", () => {
  it('puts the Chinese of a known English reply before the original', () => {
    expect(replyForOperator('Remote setting up defenses Successful')).toBe('远程设防成功（Remote setting up defenses Successful）');
    expect(replyForOperator('Successful remote disarm')).toBe('远程撤防成功（Successful remote disarm）');
    expect(replyForOperator('DYD=Success!')).toBe('断油电成功（DYD=Success!）');
    expect(replyForOperator('HFYD=Success!')).toBe('恢复油电成功（HFYD=Success!）');
    expect(replyForOperator('FIND=Success!')).toBe('寻车成功（FIND=Success!）');
    expect(replyForOperator('TIMER OK')).toBe('设置上传间隔成功（TIMER OK）');
    expect(replyForOperator('Cut off the fuel supply: Success!')).toBe('断油电成功（Cut off the fuel supply: Success!）');
    expect(replyForOperator('Already in the state of fuel supply cut off, the command is not running!')).toMatch(
      /^已处于断油电状态，指令未执行（Already in the state/,
    );
    expect(replyForOperator('DYD=Fail')).toBe('断油电失败（DYD=Fail）');
  });

  it('matches without regard to case, spacing or the closing punctuation', () => {
    expect(replyMeaning('  remote SETTING up   defenses successful. ')).toBe('远程设防成功');
    expect(replyMeaning('ok')).toBe('执行成功');
  });

  it('keeps an unknown or Chinese reply as it came, and an empty one empty', () => {
    expect(replyForOperator('PARAM=ABC,123')).toBe('PARAM=ABC,123');
    expect(replyForOperator('XYZ=Success!')).toBe('XYZ=Success!');
    expect(replyForOperator('设防成功')).toBe('设防成功');
    expect(replyForOperator('')).toBe('');
    expect(replyForOperator(null)).toBe('');
  });
});
