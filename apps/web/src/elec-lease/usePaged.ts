import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';
import { call, type CallArgs } from '../shared/request/call.ts';
import type { Paging } from '../shared/ui/pagination.ts';

/** A paged list endpoint with its filters: the answer, the pager state and a reload. */
export function usePaged<E extends EndpointSpec>(endpoint: E, filters: Partial<InputOf<E>>) {
  const [paging, setPaging] = useState<Paging>({ current: 1, pageSize: 10 });
  const [page, setPage] = useState<AnswerOf<E> | null>(null);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(filters);
  const reload = useCallback(() => {
    setLoading(true);
    const args = [{ ...JSON.parse(key), ...paging }] as unknown as CallArgs<E>;
    return call(endpoint, ...args)
      .then((p) => setPage(p as AnswerOf<E>))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [endpoint, key, paging]);
  useEffect(() => void reload(), [reload]);
  return { page, loading, paging, setPaging, reload };
}

/** An unpaged list endpoint. */
export function useList<E extends EndpointSpec>(endpoint: E) {
  const [list, setList] = useState<AnswerOf<E> | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    return call(endpoint, ...([] as unknown as CallArgs<E>))
      .then((l) => setList(l as AnswerOf<E>))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [endpoint]);
  useEffect(() => void reload(), [reload]);
  return { list, loading, reload };
}
