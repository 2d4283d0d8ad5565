import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters a report reads from its address: the draft the filter bar edits and the applied ones the
 * table shows. The address fills both at first (deep links), and again when another deep link
 * opens while the page is open (the assistant, the shell); 重置 goes back to an empty address's.
 * `fromParams` is read once per address, so it need not be stable.
 */
export function useLinkedFilters<X>(fromParams: (params: URLSearchParams) => X) {
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<X>(() => fromParams(params));
  const [applied, setApplied] = useState<X>(draft);
  const read = useRef(fromParams);
  read.current = fromParams;

  const show = useCallback((next: X) => {
    setDraft(next);
    setApplied(next);
  }, []);

  const linked = params.toString();
  const seen = useRef(linked);
  useEffect(() => {
    if (seen.current === linked) return;
    seen.current = linked;
    show(read.current(new URLSearchParams(linked)));
  }, [linked, show]);

  /** 查询: the draft becomes what the table shows. */
  const apply = useCallback(() => setApplied(draft), [draft]);
  /** 重置: the filters an address without any would give. */
  const reset = useCallback(() => show(read.current(new URLSearchParams())), [show]);

  return { draft, setDraft, applied, apply, reset };
}
