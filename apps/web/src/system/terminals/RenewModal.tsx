import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { MAX_RENEW_MONTHS, terminalEndpoints, type RenewUnit, type Terminal } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';
import { renewedExpiry } from './serviceExpiry.ts';

const T = S.terminal;

/** 续费: one or many terminals, by months or years, from the later of now and each one's expiry. */
export function RenewModal({ terminals, onClose, onDone }: { terminals: Terminal[] | null; onClose: () => void; onDone: () => void }) {
  const [count, setCount] = useState(1);
  const [unit, setUnit] = useState<RenewUnit>('year');
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!terminals) return;
    setCount(1);
    setUnit('year');
    setRemark('');
  }, [terminals]);
  if (!terminals) return null;
  const max = unit === 'year' ? MAX_RENEW_MONTHS / 12 : MAX_RENEW_MONTHS;
  const one = terminals.length === 1 ? terminals[0] : undefined;

  const submit = async () => {
    setSaving(true);
    try {
      const res = await call(terminalEndpoints.renew, { terminalIds: terminals.map((t) => t.terminalId).join(','), count, unit, remark: remark || undefined });
      toast.success(T.renewed(res.renewed));
      onDone();
    } catch {
      // the request layer has shown the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={T.renewTitle(terminals.length)} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText={T.renew} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={T.renewLength} required>
          <InputNumber min={1} max={max} precision={0} value={count} onChange={(v) => setCount(Math.min(max, v ?? 1))} style={{ width: 120 }} data-testid="renew-count" />
          <Segmented<RenewUnit>
            style={{ marginLeft: 8 }} value={unit} onChange={(u) => (setUnit(u), setCount((c) => Math.min(c, u === 'year' ? MAX_RENEW_MONTHS / 12 : MAX_RENEW_MONTHS)))}
            options={(['month', 'year'] as const).map((u) => ({ value: u, label: T.renewUnits[u] }))}
          />
        </Form.Item>
        {one && (
          <Form.Item label={T.renewPreview}>
            <Typography.Text strong data-testid="renew-preview">{dayjs(renewedExpiry(one.serviceExpiresAt, count, unit)).format('YYYY-MM-DD HH:mm')}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item label={T.renewRemark}>
          <Input maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon message={T.renewRule} />
    </Modal>
  );
}
