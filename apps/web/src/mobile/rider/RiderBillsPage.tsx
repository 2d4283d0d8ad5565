import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ErrorBlock, List, NavBar, Skeleton, Tag } from 'antd-mobile';
import { leaseRiderEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { billTone, billsView, sortBills, yuanText } from './riderView.ts';
import { useRider } from './useRider.ts';
import { payOwed, waitForOrder } from './pay.tsx';
import { RD } from './texts.ts';
import { RiderLoadFailed } from './RiderLoadFailed.tsx';
import { rememberOpenid, takeReturn } from './wechatAuth.ts';
import './rider.css';

/** 账单: every bill of the contract, unpaid and overdue first, each payable online; back from a provider's page it asks for the result. */
export function RiderBillsPage() {
  const navigate = useNavigate();
  const { me, contract, reload, failure } = useRider();
  const [params, setParams] = useSearchParams();
  const contractId = contract?.contractId;
  // Silent, as the phone's pages are; a failed load lists no bills rather than another contract's.
  const billList = useWholeList(
    leaseRiderEndpoints.bills,
    { contractId },
    { silent: true, enabled: contractId !== undefined, keepOnFailure: false },
  );
  const bills = billList.error === null ? billList.data : [];
  const load = async () => {
    if (contractId !== undefined) await billList.reload(true);
  };
  const refresh = async () => {
    await Promise.all([reload(), load()]);
  };
  // Back from WeChat H5 or Alipay: ?order= names the order just paid. Once it is paid, the rider and the
  // bills again — an effect event, so it reads the contract as it is then, not as the page's first render
  // had it (not loaded yet: the bills were never reloaded after a payment booked late).
  const returned = params.get('order');
  const paid = useEffectEvent(() => {
    setParams((p) => (p.delete('order'), p), { replace: true });
    void refresh();
  });
  useEffect(() => {
    if (returned) void waitForOrder(returned).then(() => paid());
  }, [returned]); // eslint-disable-line react-hooks/exhaustive-deps -- an effect event is no dependency; eslint-plugin-react-hooks 5 does not know useEffectEvent
  // Back from WeChat's 网页授权 (?code=&state=): the server learns the openid, then the payment the rider started goes on.
  const [wechatBack] = useState(() => takeReturn(params.get('code'), params.get('state')));
  useEffect(() => {
    if (!wechatBack || !me) return;
    setParams((p) => (p.delete('code'), p.delete('state'), p), { replace: true });
    void call(leaseRiderEndpoints.wechatOpenid, { code: wechatBack.code }).then(
      ({ openid }) => {
        rememberOpenid(openid);
        const p = wechatBack.pending;
        if (p) void payOwed({ ...p, channel: 'wechat', channels: me.payChannels, wechatOauth: me.wechatOauth, onPaid: refresh });
      },
      () => undefined, // the request layer shows why (微信授权失败：…)
    );
  }, [wechatBack, me !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = <NavBar onBack={() => navigate(`/rider${contractId ? `?contractId=${contractId}` : ''}`)}>{RD.bills}</NavBar>;
  const view = billsView({ me, contract, failure }, bills);
  if (view === 'failed')
    return (
      <>
        {back}
        <RiderLoadFailed failure={failure ?? ''} reload={reload} />
      </>
    );
  if (view === 'none')
    return (
      <>
        {back}
        <ErrorBlock status="empty" title={RD.noBills} description={RD.noBillsHint} data-testid="rd-bills-none" />
      </>
    );
  if (!me || !contract || !bills)
    return (
      <>
        {back}
        <Skeleton.Paragraph lineCount={6} animated />
      </>
    );
  const list = sortBills(bills);
  return (
    <div className="rd-page" data-testid="rd-bills">
      {back}
      {contract.owedFen > 0 ? (
        <section className="rd-card rd-owed">
          <span className="rd-label">{RD.owed}</span>
          <b className="rd-big rd-danger">¥{yuanText(contract.owedFen)}</b>
          <Button
            color="primary"
            size="small"
            data-testid="rd-bills-pay-all"
            onClick={() =>
              void payOwed({
                contractId: contract.contractId,
                amountFen: contract.owedFen,
                channels: me.payChannels,
                wechatOauth: me.wechatOauth,
                onPaid: refresh,
              })
            }
          >
            {RD.payAll(yuanText(contract.owedFen))}
          </Button>
        </section>
      ) : (
        <div className="rd-muted rd-pad">{RD.nothingToPay}</div>
      )}
      <List className="rd-list">
        {list.map((b) => (
          <List.Item
            key={b.billId}
            data-testid={`rd-bill-${b.billId}`}
            description={`${RD.due} ${beijingFormat(b.dueAt, 'YYYY-MM-DD')}`}
            extra={
              <div className="rd-bill-extra">
                <b>¥{yuanText(b.owedFen > 0 ? b.owedFen : b.amountFen)}</b>
                {b.owedFen > 0 && contract.canPay ? (
                  <Button
                    size="mini"
                    color={b.riderState === 'overdue' ? 'danger' : 'primary'}
                    data-testid={`rd-pay-${b.billId}`}
                    onClick={() =>
                      void payOwed({
                        contractId: contract.contractId,
                        billId: b.billId,
                        amountFen: b.owedFen,
                        channels: me.payChannels,
                        wechatOauth: me.wechatOauth,
                        onPaid: refresh,
                      })
                    }
                  >
                    {RD.pay}
                  </Button>
                ) : (
                  <Tag color={billTone(b)}>{b.riderStateName}</Tag>
                )}
              </div>
            }
          >
            <span>{RD.billKind(b.kindName, b.seq)}</span>{' '}
            {b.owedFen > 0 && (
              <Tag color={billTone(b)} fill="outline">
                {b.riderStateName}
              </Tag>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
