import { Form, Input, Modal, Radio, TreeSelect } from 'antd';
import { noticeEndpoints, type Account, type NoticeType } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { useSaving } from '../../shared/request/useSaving.ts';

const N = S.notice;

interface Values {
  type: NoticeType;
  title: string;
  html: string;
  accountIds: number[];
}

const hasText = (html: string | undefined) => !!html && (html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '' || /<img\s/i.test(html));

/** 发布站内信 / 公告 to accounts of the caller's subtree. */
export function NoticePublishModal({
  open,
  accounts,
  onClose,
  onPublished,
}: {
  open: boolean;
  accounts: Account[];
  onClose: () => void;
  onPublished: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();
  if (!open) return null;

  const publish = async () => {
    const v = await form.validateFields();
    await run(async () => {
      const { audience } = await call(noticeEndpoints.publish, {
        type: v.type,
        title: v.title.trim(),
        html: v.html,
        accountIds: v.accountIds,
      });
      toast.success(N.published(audience));
      form.resetFields();
      onPublished();
    });
  };

  return (
    <Modal
      open
      width={760}
      title={N.publishTitle}
      onCancel={onClose}
      onOk={() => void publish()}
      confirmLoading={saving}
      okText={N.publish}
      cancelText={S.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'notice', accountIds: [] }} data-testid="notice-form">
        <Form.Item name="type" label={N.type}>
          <Radio.Group
            optionType="button"
            options={(['notice', 'announcement', 'article'] as const).map((t) => ({ value: t, label: N.types[t] }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={N.subject}
          rules={[{ required: true, whitespace: true, message: S.common.required(N.subject) }, { max: 100 }]}
        >
          <Input maxLength={100} showCount data-testid="notice-title" />
        </Form.Item>
        <Form.Item
          name="accountIds"
          label={N.recipients}
          extra={N.recipientsHelp}
          rules={[{ required: true, type: 'array', min: 1, message: `请选择${N.recipients}` }]}
        >
          <TreeSelect
            multiple
            treeCheckable
            treeCheckStrictly={false}
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={accountOptions(accounts)}
            maxTagCount={6}
            data-testid="notice-recipients"
          />
        </Form.Item>
        <Form.Item
          name="html"
          label={N.content}
          extra={N.contentHelp}
          rules={[
            { validator: (_, v: string) => (hasText(v) ? Promise.resolve() : Promise.reject(new Error(S.common.required(N.content)))) },
          ]}
        >
          <RichTextEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
