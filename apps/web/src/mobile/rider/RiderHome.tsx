import { Button, Dialog, ErrorBlock, List, NavBar, NoticeBar, Selector, Skeleton, Tag, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { leaseRiderEndpoints, type RiderContract, type RiderMe, type RiderPayChannel } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { contractTone, yuanText } from './riderView.ts';
import { useRider } from './useRider.ts';
import { payOwed } from './pay.tsx';
import { RD } from './texts.ts';
import { RiderLoadFailed } from './RiderLoadFailed.tsx';
import './rider.css';

/** 我的租赁: the contract, plan, bike and store; the state in words; pay what is owed, bills, service area, return. */
export function RiderHome() {
  const { me, contract, select, reload, failure } = useRider();
  if (failure) return <RiderLoadFailed failure={failure} reload={reload} />;
  if (!me) return <Skeleton.Paragraph lineCount={8} animated />;
  if (!contract) return <ErrorBlock status="empty" title={RD.none} description={RD.noneHint} />;
  return (
    <div className="rd-page" data-testid="rd-home">
      <NavBar back={null}>{RD.title}</NavBar>
      {me.contracts.length > 1 && (
        <Selector
          className="rd-picker"
          columns={2}
          options={me.contracts.map((c) => ({ label: `${c.contractNo.slice(-6)} ${c.statusName}`, value: c.contractId }))}
          value={[contract.contractId]}
          onChange={(v) => v[0] !== undefined && select(v[0])}
        />
      )}
      <ContractCard c={contract} channels={me.payChannels} wechatOauth={me.wechatOauth} onChanged={reload} />
    </div>
  );
}

function ContractCard({
  c,
  channels,
  wechatOauth,
  onChanged,
}: {
  c: RiderContract;
  channels: { channel: RiderPayChannel; name: string; demo: boolean }[];
  wechatOauth: RiderMe['wechatOauth'];
  onChanged: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const q = `?contractId=${c.contractId}`;
  const giveBack = async () => {
    const ok = await Dialog.confirm({
      title: RD.giveBackTitle,
      content: <div data-testid="rd-return-rule">{RD.giveBackRule(yuanText(c.owedFen), yuanText(c.depositHeldFen))}</div>,
      confirmText: RD.giveBack,
    });
    if (!ok) return;
    try {
      await call(leaseRiderEndpoints.giveBack, { contractId: c.contractId });
      Toast.show({ content: RD.giveBackDone, icon: 'success' });
      await onChanged();
    } catch {
      /* the request layer shows the server's message */
    }
  };
  return (
    <>
      <section className="rd-card" data-testid="rd-contract">
        <div className="rd-head">
          <span className="rd-plate">{c.bike.plate || c.bike.code}</span>
          <Tag color={contractTone(c)} data-testid="rd-status">
            {c.statusName}
          </Tag>
          {c.lockReasonName && (
            <Tag color="danger" fill="outline" data-testid="rd-locked">
              {RD.locked(c.lockReasonName)}
            </Tag>
          )}
          {c.overdueDays > 0 && (
            <Tag color="danger" fill="outline">
              {RD.overdueDays(c.overdueDays)}
            </Tag>
          )}
        </div>
        <div className="rd-owed">
          <span className="rd-label">{RD.owed}</span>
          <b className={c.owedFen > 0 ? 'rd-big rd-danger' : 'rd-big'} data-testid="rd-owed">
            ¥{yuanText(c.owedFen)}
          </b>
        </div>
        {c.explanation.length > 0 && (
          <NoticeBar
            className="rd-notice"
            color={c.lockReasonName || c.status === 'overdue' ? 'alert' : 'info'}
            wrap
            data-testid="rd-explanation"
            content={c.explanation.map((line) => (
              <p key={line}>{line}</p>
            ))}
          />
        )}
        {c.canPay && (
          <Button
            block
            color="primary"
            size="large"
            data-testid="rd-pay-all"
            onClick={() => void payOwed({ contractId: c.contractId, amountFen: c.owedFen, channels, wechatOauth, onPaid: onChanged })}
          >
            {RD.payAll(yuanText(c.owedFen))}
          </Button>
        )}
      </section>
      <List className="rd-list" header={c.contractNo}>
        <List.Item
          extra={c.plan.name}
          description={`${RD.rent(yuanText(c.plan.rentFen), c.plan.periodDays)}${c.plan.periods ? ` · ${RD.periods(c.plan.periods)}` : ''}`}
        >
          {RD.plan}
        </List.Item>
        <List.Item extra={`¥${yuanText(c.plan.depositFen)}`} description={`${RD.depositHeld} ¥${yuanText(c.depositHeldFen)}`}>
          {RD.deposit}
        </List.Item>
        {c.plan.lateFeeFen > 0 && <List.Item extra={`${yuanText(c.plan.lateFeeFen)} ${RD.perDay}`}>{RD.lateFee}</List.Item>}
        {c.started !== null && <List.Item extra={beijingFormat(c.started).slice(0, 16)}>{RD.started}</List.Item>}
        {c.dueAt !== null && (
          <List.Item extra={<span data-testid="rd-due">{beijingFormat(c.dueAt).slice(0, 16)}</span>}>{RD.paidThrough}</List.Item>
        )}
        <List.Item
          extra={c.bike.online ? RD.online : RD.offline}
          description={`${c.bike.code}${c.bike.batteryPercent !== null ? ` · ${RD.battery} ${c.bike.batteryPercent}%` : ''}`}
        >
          {RD.bike}
        </List.Item>
        {c.store.name && (
          <List.Item description={[c.store.address, c.store.phone].filter(Boolean).join(' · ')}>{`${RD.store}：${c.store.name}`}</List.Item>
        )}
      </List>
      <List className="rd-list">
        <List.Item onClick={() => navigate(`bills${q}`)} description={RD.billsHint} data-testid="rd-bills-link">
          {RD.bills}
        </List.Item>
        <List.Item onClick={() => navigate(`area${q}`)} description={RD.areaHint} data-testid="rd-area-link">
          {RD.area}
        </List.Item>
        {c.canReturn && (
          <List.Item onClick={() => void giveBack()} description={RD.giveBackHint} data-testid="rd-return">
            {RD.giveBack}
          </List.Item>
        )}
      </List>
    </>
  );
}
