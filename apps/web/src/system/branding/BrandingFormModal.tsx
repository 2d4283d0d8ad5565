import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, TreeSelect } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { BRAND_ICON_MAX_BYTES, brandingEndpoints, type Account, type BrandingEntry } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { BrandingPreview } from './BrandingPreview.tsx';
import { useSaving } from '../../shared/request/useSaving.ts';

const B = S.branding;
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** What the dialog edits: a new host, or one already branded. */
export type BrandingDraft = { kind: 'add' } | { kind: 'edit'; entry: BrandingEntry };

interface Values {
  host: string;
  title: string;
  iconUrl: string;
  description: string;
  keyword: string;
  legacyLogin: boolean;
  accountId?: number;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** 新增 / 编辑品牌, with the login page's header previewed as it is typed. */
export function BrandingFormModal({
  draft,
  accounts,
  onClose,
  onSaved,
}: {
  draft: BrandingDraft | null;
  accounts: Account[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const values = Form.useWatch([], form) as Partial<Values> | undefined;

  useEffect(() => {
    if (!draft) return;
    const e = draft.kind === 'edit' ? draft.entry : null;
    form.setFieldsValue({
      host: e?.host ?? '',
      title: e?.title ?? '',
      iconUrl: e?.iconUrl ?? '',
      description: e?.description ?? '',
      keyword: e?.keyword ?? '',
      legacyLogin: e?.legacyLogin ?? false,
      accountId: e?.accountId ?? undefined,
    });
  }, [draft, form]);

  if (!draft) return null;

  const pickIcon = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > BRAND_ICON_MAX_BYTES) return toast.error(B.iconHelp);
    setUploading(true);
    try {
      const { iconUrl } = await call(brandingEndpoints.uploadIcon, { data: await readAsDataUrl(file) });
      form.setFieldValue('iconUrl', iconUrl);
      toast.success(B.uploaded);
    } catch {
      // the request layer showed the reason (not an image, too large, SVG with script)
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await call(brandingEndpoints.save, {
        host: v.host.trim().toLowerCase(),
        title: v.title.trim(),
        iconUrl: v.iconUrl ?? '',
        description: v.description.trim(),
        keyword: v.keyword.trim(),
        legacyLogin: v.legacyLogin,
        ...(v.accountId ? { accountId: v.accountId } : {}),
      });
      toast.success(S.common.saved);
      onSaved();
    });
  };

  return (
    <Modal
      open
      width={980}
      title={draft.kind === 'add' ? B.add : `${B.edit} · ${draft.entry.host}`}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={S.common.save}
      cancelText={S.common.cancel}
      destroyOnHidden
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <div className="sys-brand-editor">
        <Form form={form} layout="vertical" className="sys-brand-form" data-testid="branding-form">
          <Form.Item
            name="host"
            label={B.host}
            extra={B.hostHelp}
            rules={[
              { required: true, message: S.common.required(B.host) },
              {
                validator: (_, v: string) =>
                  !v || HOST.test(v.trim().toLowerCase()) ? Promise.resolve() : Promise.reject(new Error(B.hostInvalid)),
              },
            ]}
          >
            <Input maxLength={253} disabled={draft.kind === 'edit'} placeholder="gps.example.com" data-testid="branding-host" />
          </Form.Item>
          <Form.Item name="title" label={B.pageTitle} rules={[{ max: 60 }]}>
            <Input maxLength={60} placeholder="车联智能管理平台" data-testid="branding-title" />
          </Form.Item>
          <Form.Item label={B.icon} extra={B.iconHelp}>
            <Form.Item name="iconUrl" noStyle>
              <Input type="hidden" />
            </Form.Item>
            <Space>
              <img className="sys-brand-icon sys-brand-icon-lg" src={values?.iconUrl || '/favicon.svg'} alt="" />
              <Button
                icon={<UploadOutlined />}
                loading={uploading}
                onClick={() => fileInput.current?.click()}
                data-testid="branding-upload"
              >
                {B.upload}
              </Button>
              {values?.iconUrl && (
                <Button type="link" onClick={() => form.setFieldValue('iconUrl', '')}>
                  {B.useDefaultIcon}
                </Button>
              )}
            </Space>
            <input
              ref={fileInput}
              type="file"
              style={{ display: 'none' }}
              accept="image/png,image/jpeg,image/svg+xml,image/x-icon,.ico"
              onChange={(e) => void pickIcon(e.target.files?.[0])}
              data-testid="branding-file"
            />
          </Form.Item>
          <Form.Item name="description" label={B.description} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
          <Form.Item name="keyword" label={B.keyword} extra={B.keywordHelp} rules={[{ max: 300 }]}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="legacyLogin" label={B.loginStyle}>
            <Radio.Group
              optionType="button"
              options={[
                { value: false, label: B.styles.modern },
                { value: true, label: B.styles.legacy },
              ]}
              data-testid="branding-style"
            />
          </Form.Item>
          <Form.Item name="accountId" label={B.owner}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              treeData={accountOptions(accounts)}
              placeholder={draft.kind === 'edit' ? draft.entry.accountName : B.owner}
            />
          </Form.Item>
        </Form>
        <BrandingPreview
          title={values?.title}
          iconUrl={values?.iconUrl}
          description={values?.description}
          legacy={values?.legacyLogin ?? false}
          host={values?.host}
        />
      </div>
    </Modal>
  );
}
