import { NoneYet } from '../shared/ui/OwnAssetPage.tsx';
import { E } from './messages.ts';

/** What a bike page shows before any bike is bound. */
export function NoBikes() {
  return <NoneYet text={E.common.noBikes} action={E.common.toBind} to="/bikes" permission="elecCar:bikes:edit" testId="ec-no-bikes" />;
}
