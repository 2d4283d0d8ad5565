import { useEffect, useState } from 'react';
import type { AddressQuery } from './addressCache.ts';
import { requestAddress } from './addressApi.ts';

/** An address looked up when shown (rows of a virtual table ask only while visible). */
export function AddressText({ point, loading = '…' }: { point: AddressQuery | null; loading?: string }) {
  const [text, setText] = useState('');
  const key = point ? `${point.lon},${point.lat},${point.mac}` : '';
  useEffect(() => {
    if (!point) return;
    let alive = true;
    setText('');
    void requestAddress(point).then((t) => alive && setText(t));
    return () => {
      alive = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  // title: a table cell cuts a long address with an ellipsis; hovering shows it whole
  return (
    <span className="cl-address" title={text || undefined}>
      {point ? text || loading : ''}
    </span>
  );
}
