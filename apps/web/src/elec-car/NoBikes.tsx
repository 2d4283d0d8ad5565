import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '../shared/permission/usePermission.ts';
import { E } from './messages.ts';

/** What a bike page shows before any bike is bound. */
export function NoBikes() {
  const navigate = useNavigate();
  const canBind = usePermission('elecCar:bikes:edit');
  return (
    <Empty className="sp-empty" description={E.common.noBikes} data-testid="ec-no-bikes">
      {canBind && (
        <Button type="primary" onClick={() => navigate('/bikes')}>
          {E.common.toBind}
        </Button>
      )}
    </Empty>
  );
}
