import { Alert, Button, Progress, Tag } from 'antd';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { AddressText } from '../shared/address/AddressText.tsx';
import { call } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';
import { bikeLabel } from './BikePicker.tsx';
import { E } from './messages.ts';
import { beijingDateTime, beijingFormat } from '../shared/format/beijingTime.ts';

const S = E.status;
const dash = <span className="sp-muted">{E.common.none}</span>;

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <div className="ec-figure-label">{label}</div>
      <div className="ec-figure-value" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

const flag = (value: boolean | null, on: string, off: string, onColor = 'blue') =>
  value === null ? <Tag>{`${on.slice(0, 2)}${S.unknown}`}</Tag> : value ? <Tag color={onColor}>{on}</Tag> : <Tag>{off}</Tag>;

/** 车辆状态: online, fix, armed, ACC, power, battery and range, speed, where and when. */
export function StatusCard({ bike, onChanged, canControl }: { bike: Bike; onChanged: () => void; canControl: boolean }) {
  const s = bike.status;
  const percent = s.batteryPercent;
  const cancelCut = () =>
    call(elecCarEndpoints.cancelCut, { bikeId: bike.bikeId }).then(
      () => (toast.success(S.cutCancelled), onChanged()),
      () => {},
    );
  return (
    <section className="sp-card" data-testid="ec-status">
      <div className="ec-status-head">
        <Progress
          type="dashboard"
          size={96}
          percent={percent ?? 0}
          strokeColor={percent !== null && percent < 20 ? '#ff4d4f' : undefined}
          format={() => (percent === null ? S.unknown : `${percent}%`)}
        />
        <div>
          <div className="ec-status-plate">{bikeLabel(bike)}</div>
          <div className="sp-muted">
            {[bike.brand, bike.model].filter(Boolean).join(' ')} · IMEI {bike.terminalId}
          </div>
          <div className="ec-status-tags" data-testid="ec-status-tags">
            {s.online ? <Tag color="green">{S.online}</Tag> : <Tag>{S.offline}</Tag>}
            {s.fix ? <Tag color="cyan">{S.fix}</Tag> : <Tag>{S.noFix}</Tag>}
            {flag(s.armed, S.armed, S.disarmed)}
            {s.acc === null ? (
              <Tag>
                {S.acc} {S.unknown}
              </Tag>
            ) : (
              <Tag color={s.acc ? 'gold' : undefined}>
                {S.acc} {s.acc ? S.accOn : S.accOff}
              </Tag>
            )}
            {s.powerCut ? (
              <Tag color="red">{S.powerCut}</Tag>
            ) : (
              <Tag>
                {S.power}
                {S.powerOn}
              </Tag>
            )}
            {s.charging && <Tag color="green">{S.charging}</Tag>}
          </div>
        </div>
      </div>
      {s.pendingCut && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="ec-pending-cut"
          message={S.pendingCut(s.pendingCut.userName, beijingFormat(s.pendingCut.expiresAt, 'HH:mm'))}
          action={
            canControl && (
              <Button size="small" onClick={() => void cancelCut()}>
                {S.cancelCut}
              </Button>
            )
          }
        />
      )}
      <div className="ec-figures">
        <Figure label={S.voltage}>{s.batteryVoltage === null ? dash : `${s.batteryVoltage} V`}</Figure>
        <Figure label={S.range} testId="ec-range">
          {s.rangeKm === null ? dash : `${s.rangeKm} km`}
        </Figure>
        <Figure label={S.speed}>{s.speed === null ? dash : `${s.speed} km/h`}</Figure>
        <Figure label={S.lastUpdate}>{s.lastUpdate ? beijingDateTime(s.lastUpdate) : dash}</Figure>
        <div style={{ gridColumn: 'span 2' }}>
          <div className="ec-figure-label">{S.position}</div>
          <div className="ec-figure-value" style={{ fontSize: 14 }}>
            {s.lat !== null && s.lon !== null ? <AddressText point={{ lat: s.lat, lon: s.lon, mac: bike.terminalId }} /> : dash}
          </div>
        </div>
      </div>
    </section>
  );
}
