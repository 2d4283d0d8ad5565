import { useEffect } from 'react';
import { Image } from 'antd';
import { elecLeaseEndpoints } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { useLoaded } from '../shared/list/useLoaded.ts';

/** The photo's bytes as a blob URL, which the thumb gives back once it shows another photo or none. */
const photoUrl = (photoId: number, quiet: boolean) =>
  call(elecLeaseEndpoints.photo, { photoId }, { silent: quiet }).then((bytes) => URL.createObjectURL(new Blob([bytes])));

/** An inspection photo: fetched through the request layer (it carries the session), shown from a blob URL. */
export function PhotoThumb({ photoId }: { photoId: number }) {
  const { data: url } = useLoaded(photoUrl, photoId, { keepOnFailure: false });
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url ? (
    <Image src={url} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="inspection-photo" />
  ) : (
    <span className="sp-muted">…</span>
  );
}
