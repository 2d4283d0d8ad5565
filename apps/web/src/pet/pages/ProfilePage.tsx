import { useState } from 'react';
import { Avatar, Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Spin, Tag, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { PET_PHOTO_MAX_BYTES, PET_SEX_NAMES, PET_SPECIES_NAMES, petEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { P } from '../messages.ts';
import { FamilyCard } from './FamilyCard.tsx';
import { PetEndUsers } from './PetEndUsers.tsx';
import { END_USER_TEXT } from '../../shared/endUsers/EndUsersModal.tsx';

const F = P.profile;
const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

interface Values {
  name: string;
  species: string;
  breed?: string;
  sex: string;
  birthday?: Dayjs | null;
  weightKg?: number | null;
  microchip?: string;
  imei?: string;
  stepGoal?: number;
}

function readPhoto(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function PetForm({ pet, onClose }: { pet: Pet | null; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    call(petEndpoints.save, {
      ...(pet ? { petId: pet.petId } : {}),
      name: v.name,
      species: v.species,
      breed: v.breed ?? '',
      sex: v.sex,
      birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
      weightKg: v.weightKg ?? null,
      microchip: v.microchip ?? '',
      imei: v.imei ?? '',
      stepGoal: v.stepGoal ?? 8000,
      ...(photo !== undefined ? { photo } : {}),
    })
      .then(() => (toast.success(F.saved), onClose(true)))
      .catch(() => {})
      .finally(() => setSaving(false));
  };
  return (
    <Modal
      open
      title={pet ? `${F.edit} · ${pet.name}` : F.add}
      onOk={save}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      okText={P.common.save}
      cancelText={P.common.cancel}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        labelCol={{ span: 6 }}
        data-testid="pt-pet-form"
        initialValues={
          pet
            ? {
                name: pet.name,
                species: pet.species,
                breed: pet.breed,
                sex: pet.sex,
                birthday: pet.birthday ? dayjs(pet.birthday) : null,
                weightKg: pet.weightKg,
                microchip: pet.microchip,
                imei: pet.terminalId ?? '',
                stepGoal: pet.stepGoal,
              }
            : { species: 'dog', sex: 'unknown', stepGoal: 8000 }
        }
      >
        <Form.Item name="name" label={F.name} rules={[{ required: true, whitespace: true, message: '请填写宠物名字' }]}>
          <Input maxLength={20} placeholder={F.namePlaceholder} />
        </Form.Item>
        <Form.Item name="species" label={F.species}>
          <Select options={options(PET_SPECIES_NAMES)} />
        </Form.Item>
        <Form.Item name="breed" label={F.breed}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="sex" label={F.sex}>
          <Select options={options(PET_SEX_NAMES)} />
        </Form.Item>
        <Form.Item name="birthday" label={F.birthday}>
          <DatePicker disabledDate={(d) => d.isAfter(beijingToday(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="weightKg" label={F.weight}>
          <InputNumber min={0.1} max={150} step={0.1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="microchip" label={F.microchip}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="imei" label={F.collar} extra={F.collarHint}>
          <Input maxLength={30} data-testid="pt-imei" />
        </Form.Item>
        <Form.Item name="stepGoal" label={F.stepGoal}>
          <InputNumber min={500} max={100000} step={500} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={F.photo} extra={F.photoHint}>
          <Space>
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) toast.error(F.photoBad);
                else if (file.size > PET_PHOTO_MAX_BYTES) toast.error(F.photoBig);
                else void readPhoto(file).then(setPhoto);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{F.choosePhoto}</Button>
            </Upload>
            {photo ? <Avatar src={photo} size={40} /> : null}
            {(pet?.hasPhoto || photo) && (
              <Button type="link" onClick={() => setPhoto('')}>
                {F.removePhoto}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 宠物档案: the caller's pets (and those shared with it, read-only) with profile and collar; add, edit, remove; 家庭成员. */
export function ProfilePage() {
  const list = useWholeList(petEndpoints.list);
  const { rows: pets, loading, reload } = list;
  const canEdit = usePermission('pet:profile:edit');
  const [editing, setEditing] = useState<Pet | null | 'new'>(null);
  const [inviting, setInviting] = useState<Pet | null>(null);
  const remove = (pet: Pet) =>
    call(petEndpoints.remove, { petId: pet.petId }).then(
      () => (toast.success(F.removed), reload(true)),
      () => {},
    );
  if (loading) return <Spin className="sp-empty" style={{ display: 'block' }} />;
  return (
    <div className="sp-page" data-testid="pt-profile">
      <ListCard<Pet>
        title={F.title}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="pt-add">
              {F.add}
            </Button>
          )
        }
        list={list}
        rowKey="petId"
        table={{ 'data-testid': 'pt-pets', locale: { emptyText: P.common.noPets } }}
        columns={[
          {
            title: F.name,
            dataIndex: 'name',
            width: 220,
            render: (name: string, p) => (
              <Space>
                {p.hasPhoto ? <Avatar style={{ background: '#ffb74d' }}>{name.slice(0, 1)}</Avatar> : <Avatar>{name.slice(0, 1)}</Avatar>}
                {name}
                {p.shared && <Tag color="purple">{F.shared}</Tag>}
              </Space>
            ),
          },
          { title: F.species, key: 'species', width: 180, render: (_, p) => [p.speciesName, p.breed].filter(Boolean).join(' · ') },
          { title: F.sex, dataIndex: 'sexName', width: 70 },
          { title: F.birthday, dataIndex: 'birthday', width: 120, render: (d: string) => d || '—' },
          { title: F.weight, dataIndex: 'weightKg', width: 100, render: (w: number | null) => w ?? '—' },
          {
            title: F.collar,
            dataIndex: 'terminalId',
            width: 180,
            render: (id: string | null) => (id ? <Tag color="blue">{id}</Tag> : <Tag>{F.noCollar}</Tag>),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 200,
                  render: (_: unknown, p: Pet) =>
                    p.shared ? null : (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => setEditing(p)}>
                          {F.edit}
                        </Button>
                        {p.terminalId && (
                          <Button type="link" size="small" onClick={() => setInviting(p)} data-testid="pt-enduser">
                            {END_USER_TEXT.action}
                          </Button>
                        )}
                        <Popconfirm title={F.removeConfirm} onConfirm={() => remove(p)}>
                          <Button type="link" size="small" danger>
                            {F.remove}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <FamilyCard pets={pets} onChanged={() => void reload(true)} />
      {inviting && <PetEndUsers pet={inviting} onClose={() => setInviting(null)} />}
      {editing !== null && (
        <PetForm pet={editing === 'new' ? null : editing} onClose={(saved) => (setEditing(null), saved && void reload(true))} />
      )}
    </div>
  );
}
