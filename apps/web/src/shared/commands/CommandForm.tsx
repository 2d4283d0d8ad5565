import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Table, Tag, type ButtonProps } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { toast } from '../ui/toast.ts';
import { commandEndpoints, type CommandCheck, type CommandSend } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { COMMAND_TYPES, commandOf, type CommandType } from './commandTypes.ts';

interface Params {
  seconds?: number;
  text?: string;
  hex?: string;
  expireMinutes?: number;
}

/**
 * Pick a command and its parameters; sending checks the terminals first
 * (checkCommandDownBatchTer), shows what will happen to each, then sends (commandDownBatch).
 */
export function CommandForm({
  vehicleIds,
  onSent,
  compact,
}: {
  vehicleIds: number[];
  onSent: (result: CommandSend) => void;
  compact?: boolean;
}) {
  const [type, setType] = useState<CommandType>('locateNow');
  const [params, setParams] = useState<Params>({ seconds: 30, expireMinutes: 1440 });
  const [check, setCheck] = useState<CommandCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const spec = commandOf(type)!;

  const start = async () => {
    setBusy(true);
    try {
      setCheck(await call(commandEndpoints.check, { vehicleIds: vehicleIds.join(','), commandType: type }));
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      const body = { vehicleIds: vehicleIds.join(','), commandType: type, expireMinutes: params.expireMinutes };
      const extra =
        spec.type === 'setInterval'
          ? { seconds: params.seconds }
          : spec.type === 'text'
            ? { text: params.text }
            : spec.type === 'custom'
              ? { text: params.text || undefined, hex: params.hex || undefined }
              : {};
      const result = await call(commandEndpoints.send, { ...body, ...extra });
      toast.success(M.command.sentSummary(result.sent, result.queued, result.unsupported));
      setCheck(null);
      onSent(result);
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="car-command-form" data-testid="command-form">
      <Form layout={compact ? 'vertical' : 'horizontal'} labelCol={compact ? undefined : { flex: '140px' }}>
        <Form.Item label={M.command.type}>
          <Radio.Group
            value={type}
            onChange={(e) => setType(e.target.value)}
            optionType="button"
            buttonStyle="solid"
            size={compact ? 'small' : 'middle'}
            data-testid="command-type"
          >
            {COMMAND_TYPES.map((c) => (
              <Radio.Button key={c.type} value={c.type}>
                {c.name}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {spec.type === 'setInterval' && (
          <Form.Item label={M.command.seconds}>
            <InputNumber min={5} max={86400} value={params.seconds} onChange={(v) => setParams({ ...params, seconds: v ?? undefined })} />
          </Form.Item>
        )}
        {(spec.type === 'text' || spec.type === 'custom') && (
          <Form.Item label={spec.type === 'text' ? M.command.text : M.command.customText}>
            <Input.TextArea
              rows={2}
              maxLength={spec.type === 'text' ? 200 : 500}
              value={params.text}
              onChange={(e) => setParams({ ...params, text: e.target.value })}
              data-testid="command-text"
            />
          </Form.Item>
        )}
        {spec.type === 'custom' && (
          <Form.Item label={M.command.hex}>
            <Input
              value={params.hex}
              onChange={(e) => setParams({ ...params, hex: e.target.value })}
              placeholder={M.command.hexPlaceholder}
            />
          </Form.Item>
        )}
        {!compact && (
          <Form.Item label={M.command.expire}>
            <InputNumber
              min={1}
              max={10080}
              value={params.expireMinutes}
              onChange={(v) => setParams({ ...params, expireMinutes: v ?? undefined })}
            />
          </Form.Item>
        )}
        <Form.Item label={compact ? undefined : ' '} colon={false}>
          <Button
            type="primary"
            danger={spec.danger}
            icon={<SendOutlined />}
            loading={busy}
            disabled={vehicleIds.length === 0}
            onClick={start}
            data-testid="command-send"
          >
            {M.command.send}
            {vehicleIds.length > 1 ? `（${vehicleIds.length}）` : ''}
          </Button>
        </Form.Item>
      </Form>
      <Modal
        open={check !== null}
        title={`${M.command.send} · ${spec.name}`}
        okText={M.command.send}
        cancelText={M.common.cancel}
        okButtonProps={{ danger: spec.danger, disabled: (check?.supported ?? 0) === 0, 'data-testid': 'command-confirm' } as ButtonProps}
        confirmLoading={busy}
        onOk={send}
        onCancel={() => setCheck(null)}
        width={640}
        destroyOnHidden
      >
        {spec.danger && <Alert type="warning" showIcon title={M.command.confirmCut} style={{ marginBottom: 12 }} />}
        {check && (
          <>
            <p>{M.command.checkResult(check.list.filter((c) => c.canSendNow).length, check.total)}</p>
            <Table
              size="small"
              rowKey="terminalId"
              pagination={check.list.length > 8 ? { pageSize: 8 } : false}
              dataSource={check.list}
              columns={[
                { title: M.common.plate, dataIndex: 'plate', render: (p: string) => p || M.common.none },
                { title: M.common.terminal, dataIndex: 'terminalId' },
                {
                  title: M.command.online,
                  dataIndex: 'online',
                  render: (v: boolean) => (v ? <Tag color="green">{M.command.online}</Tag> : <Tag>{M.state.offline}</Tag>),
                },
                {
                  title: M.command.supported,
                  dataIndex: 'supported',
                  render: (v: boolean) => (v ? M.common.yes : <Tag color="orange">{M.common.no}</Tag>),
                },
                { title: M.command.reason, dataIndex: 'reason', render: (v: string) => v || M.common.none },
              ]}
            />
          </>
        )}
      </Modal>
    </div>
  );
}
