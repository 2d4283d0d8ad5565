import { useEffect, useState } from 'react';
import { Col, Divider, Form, Input, InputNumber, Modal, Row, Select, TreeSelect } from 'antd';
import {
  PLATE_COLORS,
  PROTOCOL_NAMES,
  SPEED_LIMIT_MAX_KMH,
  ASSET_KIND_NAMES,
  kindsOf,
  isPlate,
  vehicleEndpoints,
  type GroupNode,
  type Vehicle,
  type VehicleForm,
} from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { M } from '../messages.ts';
import { FIT_SCREEN_MODAL } from '../../shared/ui/fitScreenModal.ts';
import { findGroup, groupOptions } from './groupOptions.ts';

const F = M.vehicles.form;

interface Values {
  plate: string;
  plateColor: number;
  type: string;
  name: string;
  terminalId: string;
  protocol?: string;
  sim: string;
  driver: string;
  driverPhone: string;
  groupId?: number;
  remark: string;
  /** km/h; empty: the platform default */
  speedLimitKmh: number | null;
}

const valuesOf = (v: Vehicle | null, groupId?: number): Values => ({
  plate: v?.plate ?? '',
  plateColor: v?.plateColor ?? 1,
  type: v?.type ?? 'vehicle',
  name: v && v.name !== v.plate ? v.name : '',
  terminalId: v?.terminalId ?? '',
  protocol: v?.protocol || undefined,
  sim: v?.sim ?? '',
  driver: v?.driver ?? '',
  driverPhone: v?.driverPhone ?? '',
  groupId: v?.groupId ?? groupId,
  remark: v?.remark ?? '',
  speedLimitKmh: v?.speedLimitKmh ?? null,
});

/** Only what changed is sent on an edit; '' unbinds the terminal. */
function formOf(values: Values): VehicleForm {
  return {
    plate: values.plate.trim().toUpperCase(),
    plateColor: values.plateColor,
    type: values.type,
    name: values.name.trim(),
    terminalId: values.terminalId.trim(),
    protocol: values.protocol,
    sim: values.sim.trim(),
    driver: values.driver.trim(),
    driverPhone: values.driverPhone.trim(),
    groupId: values.groupId ?? 0,
    remark: values.remark.trim(),
    speedLimitKmh: values.speedLimitKmh ?? '',
  };
}

const options = (names: Record<string | number, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));
/** 智能车联 registers its own kinds only: people are 智能工牌's, pets 宠物卫士's. */
const CAR_KIND_OPTIONS = kindsOf('car').map((kind) => ({ value: kind, label: ASSET_KIND_NAMES[kind] }));

/** 新增/编辑车辆: plate (checked as the server checks it), colour, type, the bound terminal, SIM, driver, group, remark. */
export function VehicleFormModal({
  open,
  vehicle,
  groups,
  defaultGroupId,
  accountId,
  onClose,
  onSaved,
}: {
  open: boolean;
  vehicle: Vehicle | null;
  groups: GroupNode[];
  defaultGroupId?: number;
  /** the account a new vehicle goes into (default: its group's, else the operator's) */
  accountId?: number;
  onClose: () => void;
  onSaved: (v: Vehicle) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? 'vehicle';
  const terminalId = (Form.useWatch('terminalId', form) ?? '').trim();
  // 新设备必填 is for a device being added: any when adding a vehicle, a changed one when editing
  const newDevice = !vehicle || (terminalId !== '' && terminalId !== vehicle.terminalId);

  useEffect(() => {
    if (open) form.setFieldsValue(valuesOf(vehicle, defaultGroupId));
  }, [open, vehicle, defaultGroupId, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = formOf(values);
      const saved = vehicle
        ? await call(vehicleEndpoints.update, { ...body, vehicleId: vehicle.vehicleId })
        : await call(vehicleEndpoints.add, { ...body, accountId: accountId ?? findGroup(groups, values.groupId)?.accountId });
      toast.success(M.vehicles.saved);
      onSaved(saved);
    } catch {
      /* the request layer shows the server's reason */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={vehicle ? M.vehicles.editTitle : M.vehicles.add}
      width={760}
      okText={M.common.save}
      cancelText={M.common.cancel}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      forceRender
      {...FIT_SCREEN_MODAL}
      data-testid="vehicle-form"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Divider titlePlacement="start" plain>
          {F.section.vehicle}
        </Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              name="plate"
              label={F.plate}
              normalize={(v: string) => v.toUpperCase()}
              rules={[
                { required: type === 'vehicle', message: F.plateRequired },
                {
                  validator: (_, v: string) =>
                    !v || isPlate(v.trim().toUpperCase(), type)
                      ? Promise.resolve()
                      : Promise.reject(new Error(type === 'vehicle' ? F.plateInvalid : F.labelInvalid)),
                },
              ]}
            >
              <Input placeholder={F.platePlaceholder} maxLength={16} data-testid="vehicle-plate" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="plateColor" label={F.plateColor}>
              <Select options={Object.entries(PLATE_COLORS).map(([value, label]) => ({ value: Number(value), label }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="type" label={F.type}>
              <Select options={CAR_KIND_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="name" label={F.name}>
              <Input placeholder={F.namePlaceholder} maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {F.section.terminal}
        </Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="terminalId" label={F.terminal} rules={[{ pattern: /^\d*$/, message: F.terminalInvalid }]}>
              <Input placeholder={F.terminalPlaceholder} maxLength={20} data-testid="vehicle-terminal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="protocol" label={F.protocol} extra={newDevice ? F.protocolHint : undefined}>
              <Select allowClear options={options(PROTOCOL_NAMES)} data-testid="vehicle-protocol" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sim" label={F.sim} rules={[{ pattern: /^\d*$/, message: F.simInvalid }]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {F.section.driver}
        </Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="driver" label={F.driver}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="driverPhone" label={F.driverPhone} rules={[{ pattern: /^[\d+\-\s]{0,20}$/, message: F.phoneInvalid }]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="groupId" label={F.group}>
              <TreeSelect allowClear treeDefaultExpandAll placeholder={M.vehicles.noGroup} treeData={groupOptions(groups)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="speedLimitKmh" label={F.speedLimit} tooltip={F.speedLimitHint}>
              <InputNumber
                min={1}
                max={SPEED_LIMIT_MAX_KMH}
                precision={0}
                placeholder={F.speedLimitPlaceholder}
                style={{ width: '100%' }}
                data-testid="vehicle-speed-limit"
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="remark" label={F.remark}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
