import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Segmented, Typography } from 'antd';
import { MAX_RENEW_MONTHS, terminalEndpoints, type RenewUnit, type Terminal } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';
import { activatedExpiry, renewedExpiry } from './serviceExpiry.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const T = S.terminal;

/** What the dialog does: 续费 (from the later of now and each one's expiry) or 激活 (the service starts now). */
const MODES = {
  renew: { title: T.renewTitle, ok: T.renew, length: T.renewLength, preview: T.renewPreview, rule: T.renewRule, expiry: renewedExpiry },
  activate: {
    title: T.activateTitle,
    ok: T.activate,
    length: T.activateLength,
    preview: T.activatePreview,
    rule: T.activateRule,
    expiry: activatedExpiry,
  },
} as const;

/** 续费 or 激活: one or many terminals, by months or years; the server's rule previewed for one. */
export function RenewModal({
  terminals,
  mode = 'renew',
  onClose,
  onDone,
}: {
  terminals: Terminal[] | null;
  mode?: keyof typeof MODES;
  onClose: () => void;
  onDone: () => void;
}) {
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
  const m = MODES[mode];

  const submit = async () => {
    setSaving(true);
    try {
      const input = { terminalIds: terminals.map((t) => t.terminalId).join(','), count, unit, remark: remark || undefined };
      if (mode === 'activate') toast.success(T.activated((await call(terminalEndpoints.activate, input)).activated));
      else toast.success(T.renewed((await call(terminalEndpoints.renew, input)).renewed));
      onDone();
    } catch {
      // the request layer has shown the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={m.title(terminals.length)}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={m.ok}
      destroyOnHidden
      data-testid={`${mode}-modal`}
    >
      <Form layout="vertical">
        <Form.Item label={m.length} required>
          <InputNumber
            min={1}
            max={max}
            precision={0}
            value={count}
            onChange={(v) => setCount(Math.min(max, v ?? 1))}
            style={{ width: 120 }}
            data-testid="renew-count"
          />
          <Segmented<RenewUnit>
            style={{ marginLeft: 8 }}
            value={unit}
            onChange={(u) => (setUnit(u), setCount((c) => Math.min(c, u === 'year' ? MAX_RENEW_MONTHS / 12 : MAX_RENEW_MONTHS)))}
            options={(['month', 'year'] as const).map((u) => ({ value: u, label: T.renewUnits[u] }))}
          />
        </Form.Item>
        {one && (
          <Form.Item label={m.preview}>
            <Typography.Text strong data-testid="renew-preview">
              {beijingDateTime(m.expiry(one.serviceExpiresAt, count, unit))}
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item label={T.renewRemark}>
          <Input maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon message={m.rule} />
    </Modal>
  );
}
