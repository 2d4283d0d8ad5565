/**
 * The widget's styles, inside its shadow root (the page's styles never reach it, nor its the page's); colours follow the shell's theme
 * variables. Where the page docks it (the shell's header, --cl-assistant-* set on the page), the launcher and panel take those places
 * instead of the window's bottom right.
 */
export const CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif; }
.launcher { position: fixed; top: var(--cl-assistant-top, auto); bottom: var(--cl-assistant-bottom, 30px); z-index: 999; display: flex; align-items: center;
  gap: 8px; height: var(--cl-assistant-height, 44px); padding: 0 16px 0 6px; border: 0; border-radius: 22px; background: var(--cl-primary, #1677ff);
  color: #fff; font-size: 14px; cursor: pointer; box-shadow: var(--cl-assistant-shadow, 0 4px 14px rgba(0,0,0,.18)); }
.launcher:hover { filter: brightness(1.08); }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible { outline: 2px solid #ffb020; outline-offset: 2px; }
.logo { width: 32px; height: 32px; border-radius: 50%; background: #fff; object-fit: cover; flex: none; display: block; }
.panel { position: fixed; top: var(--cl-assistant-panel-top, auto); bottom: var(--cl-assistant-panel-bottom, 86px); z-index: 999; width: 380px; height: min(560px, calc(100vh - 120px)); display: flex; flex-direction: column;
  background: #fff; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.22); overflow: hidden; color: rgba(0,0,0,.88); font-size: 14px; }
.panel[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; background: var(--cl-primary, #1677ff); color: #fff; }
header h2 { flex: 1; margin: 0; font-size: 15px; font-weight: 600; }
header button { border: 0; background: transparent; color: #fff; cursor: pointer; font-size: 13px; padding: 4px 6px; border-radius: 4px; }
header button:hover { background: rgba(255,255,255,.18); }
.log { flex: 1; overflow-y: auto; padding: 12px; background: #f5f7fa; display: flex; flex-direction: column; gap: 10px; }
.msg { max-width: 88%; padding: 8px 12px; border-radius: 10px; line-height: 1.6; white-space: pre-wrap; word-break: break-word; }
.msg.user { align-self: flex-end; background: var(--cl-primary, #1677ff); color: #fff; border-bottom-right-radius: 2px; }
.msg.assistant { align-self: flex-start; background: #fff; border: 1px solid #e6e8eb; border-bottom-left-radius: 2px; }
.msg.pending { color: rgba(0,0,0,.45); }
.msg.error { color: #cf1322; }
.source { margin-top: 6px; font-size: 12px; color: rgba(0,0,0,.45); }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.row button, .chips button { border: 1px solid var(--cl-primary, #1677ff); color: var(--cl-primary, #1677ff); background: #fff; border-radius: 14px;
  padding: 3px 10px; font-size: 12px; cursor: pointer; line-height: 1.5; }
.row button:hover, .chips button:hover { background: var(--cl-primary, #1677ff); color: #fff; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; }
.chips-title { font-size: 12px; color: rgba(0,0,0,.45); margin: 2px 0; }
form { display: flex; gap: 8px; padding: 10px 12px; border-top: 1px solid #eee; background: #fff; }
textarea { flex: 1; resize: none; height: 38px; padding: 8px 10px; border: 1px solid #d9d9d9; border-radius: 6px; font-size: 14px; line-height: 20px; }
textarea:focus { border-color: var(--cl-primary, #1677ff); outline: none; }
form button { border: 0; border-radius: 6px; padding: 0 14px; background: var(--cl-primary, #1677ff); color: #fff; cursor: pointer; font-size: 14px; }
form button:disabled { opacity: .5; cursor: default; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;
