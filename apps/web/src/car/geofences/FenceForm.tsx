import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Segmented, Space, Typography } from 'antd';
import { FENCE_KINDS, FENCE_KIND_NAMES, SPEED_LIMIT_MAX_KMH, type GeofenceKind, type GeofenceInput } from '@chelian/contracts';
import type { DrawnShape } from '../../shared/map/layers/FenceDrawLayer.tsx';
import { M } from '../messages.ts';

export interface FenceDraft {
  geofenceId: number | null;
  name: string;
  kind: GeofenceKind;
  shape: DrawnShape | null;
  alarmEnter: boolean;
  alarmExit: boolean;
  remark: string;
  /** km/h inside the fence for its vehicles (the overspeed report); null: none */
  speedLimitKmh: number | null;
}

export function draftInput(d: FenceDraft): GeofenceInput | null {
  if (!d.shape) return null;
  const base = {
    name: d.name.trim(),
    kind: d.shape.kind,
    alarmEnter: d.alarmEnter,
    alarmExit: d.alarmExit,
    remark: d.remark,
    speedLimitKmh: d.speedLimitKmh,
  };
  return d.shape.kind === 'circle' ? { ...base, center: d.shape.center, radius: d.shape.radius } : { ...base, rings: [d.shape.ring] };
}

/** Name, shape kind, radius, enter/exit alarm switches, speed limit; the shape itself is drawn on the map. */
export function FenceForm({
  draft,
  onChange,
  onSave,
  onCancel,
  onRedraw,
  saving,
}: {
  draft: FenceDraft;
  onChange: (d: FenceDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onRedraw: () => void;
  saving: boolean;
}) {
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue({ name: draft.name }), [form, draft.name]);
  const shape = draft.shape;
  return (
    <div className="car-fence-form" data-testid="fence-form">
      <Form form={form} layout="vertical" size="middle">
        <Form.Item label={M.geofence.name} name="name" rules={[{ required: true, message: M.geofence.namePlaceholder }]}>
          <Input
            maxLength={40}
            placeholder={M.geofence.namePlaceholder}
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
            data-testid="fence-name"
          />
        </Form.Item>
        <Form.Item label={M.geofence.kind}>
          <Segmented
            value={draft.kind}
            disabled={draft.geofenceId !== null && shape !== null}
            options={FENCE_KINDS.map((k) => ({ value: k, label: FENCE_KIND_NAMES[k] }))}
            onChange={(kind) => onChange({ ...draft, kind: kind as GeofenceKind, shape: null })}
            data-testid="fence-kind"
          />
        </Form.Item>
        {shape ? (
          shape.kind === 'circle' ? (
            <Form.Item label={M.geofence.radius}>
              <InputNumber
                min={10}
                max={500000}
                value={shape.radius}
                onChange={(r) => r && onChange({ ...draft, shape: { ...shape, radius: r } })}
                style={{ width: 160 }}
              />
            </Form.Item>
          ) : (
            <Typography.Paragraph type="secondary">{M.geofence.vertices(shape.ring.length)}</Typography.Paragraph>
          )
        ) : (
          <Typography.Paragraph type="warning" data-testid="fence-draw-hint">
            {draft.kind === 'circle' ? M.geofence.drawCircle : M.geofence.drawPolygon}
          </Typography.Paragraph>
        )}
        <Space size={16} style={{ marginBottom: 12 }}>
          <Checkbox checked={draft.alarmEnter} onChange={(e) => onChange({ ...draft, alarmEnter: e.target.checked })}>
            {M.geofence.alarmEnter}
          </Checkbox>
          <Checkbox checked={draft.alarmExit} onChange={(e) => onChange({ ...draft, alarmExit: e.target.checked })}>
            {M.geofence.alarmExit}
          </Checkbox>
        </Space>
        <Form.Item label={M.geofence.speedLimit} tooltip={M.geofence.speedLimitHint}>
          <InputNumber
            min={1}
            max={SPEED_LIMIT_MAX_KMH}
            precision={0}
            value={draft.speedLimitKmh}
            placeholder={M.geofence.speedLimitPlaceholder}
            onChange={(v) => onChange({ ...draft, speedLimitKmh: typeof v === 'number' ? v : null })}
            style={{ width: 160 }}
            data-testid="fence-speed-limit"
          />
        </Form.Item>
        <Form.Item label={M.geofence.remark}>
          <Input.TextArea rows={2} maxLength={200} value={draft.remark} onChange={(e) => onChange({ ...draft, remark: e.target.value })} />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} disabled={!shape || !draft.name.trim()} onClick={onSave} data-testid="fence-save">
            {M.common.save}
          </Button>
          {shape && <Button onClick={onRedraw}>{M.geofence.redraw}</Button>}
          <Button onClick={onCancel}>{M.common.cancel}</Button>
        </Space>
      </Form>
    </div>
  );
}
