import { useEffect, useState } from 'react';
import { Image } from 'antd';
import { elecLeaseEndpoints } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** An inspection photo: fetched through the request layer (it carries the session), shown from a blob URL. */
export function PhotoThumb({ photoId }: { photoId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    call(elecLeaseEndpoints.photo, { photoId }).then(
      (bytes) => setUrl((made = URL.createObjectURL(new Blob([bytes])))),
      () => {},
    );
    return () => void (made && URL.revokeObjectURL(made));
  }, [photoId]);
  return url ? (
    <Image src={url} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="inspection-photo" />
  ) : (
    <span className="sp-muted">…</span>
  );
}
