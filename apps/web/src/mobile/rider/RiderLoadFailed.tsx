import { Button, ErrorBlock } from 'antd-mobile';
import { RD } from './texts.ts';

/** The rider's own data did not load: why, in the request layer's words, and 重试. */
export function RiderLoadFailed({ failure, reload }: { failure: string; reload: () => unknown }) {
  return (
    <ErrorBlock
      status="disconnected"
      title={RD.loadFailed}
      description={
        <>
          <div>{failure}</div>
          <Button onClick={() => void reload()}>{RD.retry}</Button>
        </>
      }
    />
  );
}
