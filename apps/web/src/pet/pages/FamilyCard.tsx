import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { petEndpoints, type Pet, type PetMember } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { P } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const F = P.family;
const when = (ms: number) => beijingDateTime(ms);

/** Invitations waiting for the signed-in user: accept to see the pet read-only, or decline. */
function Invitations({ onAnswered }: { onAnswered: () => void }) {
  const { rows: list, reload } = useWholeList(petEndpoints.invitations, undefined, { silent: true });
  const answer = (memberId: number, accept: boolean) =>
    call(petEndpoints.invitationAnswer, { memberId, accept }).then(
      () => (toast.success(accept ? F.accepted : F.declined), void reload(), onAnswered()),
      () => {},
    );
  if (!list.length) return null;
  return (
    <div className="sp-toolbar" data-testid="pt-invitations">
      <span className="sp-title">{F.waiting}</span>
      {list.map((i) => (
        <Space key={i.memberId}>
          <Tag color="orange">{`${i.petName}（${F.from}${i.accountName}）`}</Tag>
          <Button size="small" type="primary" onClick={() => answer(i.memberId, true)} data-testid="pt-invitation-accept">
            {F.accept}
          </Button>
          <Button size="small" onClick={() => answer(i.memberId, false)}>
            {F.decline}
          </Button>
        </Space>
      ))}
    </div>
  );
}

/** 家庭成员 on 宠物档案: a pet's owner invites (username or phone) and removes; members only see. */
export function FamilyCard({ pets, onChanged }: { pets: Pet[]; onChanged: () => void }) {
  const canEdit = usePermission('pet:profile:edit');
  const [petId, setPetId] = useState<number | null>(null);
  const pet = pets.find((p) => p.petId === petId) ?? pets[0] ?? null;
  const memberList = useWholeList(petEndpoints.members, { petId: pet?.petId }, { silent: true, enabled: pet !== null });
  const members = pet ? memberList.rows : [];
  const load = () => memberList.reload();
  const [who, setWho] = useState('');
  const owns = canEdit && pet !== null && !pet.shared;
  const invite = () =>
    pet &&
    call(petEndpoints.memberInvite, { petId: pet.petId, user: who.trim() }).then(
      () => (toast.success(F.invited), setWho(''), void load()),
      () => {},
    );
  const remove = (m: PetMember) =>
    call(petEndpoints.memberRemove, { memberId: m.memberId }).then(
      () => (toast.success(F.removed), void load()),
      () => {},
    );
  return (
    <ListCard<PetMember>
      testId="pt-family"
      title={F.title}
      filters={
        pets.length > 0 && (
          <Select
            style={{ width: 240 }}
            value={pet?.petId}
            onChange={setPetId}
            options={pets.map((p) => ({ value: p.petId, label: p.shared ? `${p.name}（${P.profile.shared}）` : p.name }))}
          />
        )
      }
      actions={
        owns && (
          <Space.Compact>
            <Input
              value={who}
              onChange={(e) => setWho(e.target.value)}
              placeholder={F.user}
              maxLength={40}
              style={{ width: 200 }}
              onPressEnter={invite}
              data-testid="pt-family-user"
            />
            <Button type="primary" disabled={!who.trim()} onClick={invite} data-testid="pt-family-invite">
              {F.invite}
            </Button>
          </Space.Compact>
        )
      }
      above={
        <>
          <Invitations onAnswered={onChanged} />
          {pet?.shared && (
            <div className="pt-note" style={{ margin: '0 0 8px' }}>
              {F.readOnly}
            </div>
          )}
        </>
      }
      list={partOf(memberList, members)}
      rowKey="memberId"
      size="small"
      identityColumn={false}
      table={{ 'data-testid': 'pt-family-members', locale: { emptyText: F.none } }}
      columns={[
        { title: F.username, dataIndex: 'username', width: 160 },
        { title: F.name, dataIndex: 'name', width: 140, render: (n: string) => n || '—' },
        {
          title: F.status,
          dataIndex: 'statusName',
          width: 100,
          render: (s: string, m) => <Tag color={m.status === 'active' ? 'green' : 'orange'}>{s}</Tag>,
        },
        { title: F.invitedAt, dataIndex: 'invitedAt', width: 150, render: when },
        ...(owns
          ? [
              {
                title: '操作',
                key: 'actions',
                width: 90,
                render: (_: unknown, m: PetMember) => (
                  <Popconfirm title={F.removeConfirm} onConfirm={() => remove(m)}>
                    <Button type="link" size="small" danger>
                      {m.status === 'active' ? F.remove : F.withdraw}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    >
      <div className="pt-note">{F.rule}</div>
    </ListCard>
  );
}
