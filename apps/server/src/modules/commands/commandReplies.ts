/**
 * Terminals answer commands in their vendor's words, often English ("Remote setting up defenses
 * Successful", "DYD=Success!"). The one table of the replies known, in Chinese; what an operator
 * reads is the Chinese with the terminal's own words beside it, so nothing the terminal said is lost.
 */

/** Short command words terminals echo before '=' (GT06 family and the e-bike trackers). */
const COMMAND_WORDS: Record<string, string> = {
  DYD: '断油电',
  HFYD: '恢复油电',
  RELAY: '继电器',
  FIND: '寻车',
  WHERE: '立即定位',
  TIMER: '设置上传间隔',
  RESET: '重启终端',
  SOS: '设置SOS号码',
  CENTER: '设置中心号码',
  DEFENSE: '设防',
  ARM: '设防',
  DISARM: '撤防',
};

/** Whole replies, matched without regard to case, spaces or the final punctuation. */
const KNOWN_REPLIES: Array<[pattern: RegExp, chinese: string]> = [
  [/^remote setting up defenses? successful(ly)?$/, '远程设防成功'],
  [/^successful(ly)? remote disarm(ed)?$/, '远程撤防成功'],
  [/^remote disarm(ing)? successful(ly)?$/, '远程撤防成功'],
  [/^cut off the fuel supply:? success$/, '断油电成功'],
  [/^restore fuel supply:? success$/, '恢复油电成功'],
  [/^already in the state of fuel supply cut ?off.*$/, '已处于断油电状态，指令未执行'],
  [/^already in the state of fuel supply to resume.*$/, '已处于供油电状态，指令未执行'],
  [/^speed limit.*$/, '车速过高，暂不执行断油电'],
  [/^(ok|success|successful|succeed|done)$/, '执行成功'],
  [/^(fail|failed|failure|error)$/, '执行失败'],
];

const normalised = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[!.。！]+$/, '');

/** The Chinese of a known reply, or null for one not in the table (or already Chinese). */
export function replyMeaning(text: string): string | null {
  const plain = normalised(text);
  if (!plain || /[\u4e00-\u9fff]/.test(plain)) return null;
  for (const [pattern, chinese] of KNOWN_REPLIES) if (pattern.test(plain)) return chinese;
  // "DYD=Success!", "TIMER OK", "FIND=Fail"
  const word = /^([a-z]+)\s*[=:, ]\s*(ok|success|successful|succeed|fail|failed|failure|error)\b/.exec(plain);
  if (word) {
    const name = COMMAND_WORDS[word[1]!.toUpperCase()];
    if (name) return `${name}${/^(ok|succ)/.test(word[2]!) ? '成功' : '失败'}`;
  }
  return null;
}

/** What an operator reads of a reply: 远程设防成功（Remote setting up defenses Successful）; an unknown one as it came. */
export function replyForOperator(text: string | null | undefined): string {
  const original = (text ?? '').trim();
  const meaning = replyMeaning(original);
  return meaning ? `${meaning}（${original}）` : original;
}
