import { M } from './texts.ts';

/** While a page's code or the session loads (plain CSS: no component library in the first load). */
export function Loading({ text = M.shell.loading }: { text?: string }) {
  return (
    <div className="m-center" aria-busy="true">
      <span className="m-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
