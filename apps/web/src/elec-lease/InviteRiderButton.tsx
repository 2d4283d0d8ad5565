import { Button, Popconfirm } from 'antd';
import { leaseRiderEndpoints, type LeaseRider } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';

/**
 * 邀请使用掌上车联: the rider gets an SMS and logs in to the phone app (/m/) with the phone on file,
 * to see the contract, pay bills and return the bike (docs/payments.md).
 */
export function InviteRiderButton({ rider }: { rider: LeaseRider }) {
  const invite = () =>
    call(leaseRiderEndpoints.invite, { riderId: rider.riderId }).then(
      (r) => toast.success(r.created ? `已邀请 ${rider.name}，邀请短信已发送` : `${rider.name} 已可使用掌上车联`),
      () => {},
    );
  return (
    <Popconfirm
      title="邀请使用掌上车联"
      description={`向 ${rider.phone} 发送邀请短信：骑手用短信验证码登录手机端，查看订单、在线缴费和还车。`}
      onConfirm={() => void invite()}
    >
      <Button type="link" size="small" data-testid="rider-invite">
        邀请使用掌上车联
      </Button>
    </Popconfirm>
  );
}
