import { useNavigate } from 'react-router';
import { ErrorBlock, List, NavBar, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import { petEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { usePets } from './usePets.ts';
import { useLiveTerminal } from '../shared/useLiveTerminal.ts';
import { PT } from './texts.ts';
import './pet.css';

/** 消息: the pet's alarms (zone exits and entries, low battery, taken off, offline), newest first; a new one arrives live. */
export function PetMessagesPage() {
  const { pets, pet } = usePets();
  const navigate = useNavigate();
  const petId = pet?.petId;
  const list = useWholeList(petEndpoints.alarms, { petId }, { silent: true, keepOnFailure: false, enabled: petId !== undefined });
  // a failed load shows "no messages" rather than waiting on
  const alarms = list.data ?? (list.error ? [] : null);
  useLiveTerminal('pet', pet?.terminalId ?? null, { onAlarm: () => void list.reload(true) });
  if (!pets) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!pet) return <ErrorBlock status="empty" title={PT.none} description={PT.noneHint} />;
  return (
    <div className="mp-page" data-testid="mp-messages">
      <NavBar onBack={() => void navigate(`/pet?petId=${pet.petId}`)}>{`${pet.name} · ${PT.messages}`}</NavBar>
      <PullToRefresh onRefresh={() => list.reload()}>
        {alarms?.length === 0 ? (
          <ErrorBlock status="empty" title={PT.messagesNone} description={pet.name} />
        ) : (
          <List className="mp-list">
            {(alarms ?? []).map((a) => (
              <List.Item
                key={a.alarmId}
                description={beijingFormat(a.time, 'YYYY-MM-DD HH:mm:ss')}
                extra={!a.handled ? <Tag color="danger">{PT.unhandled}</Tag> : null}
              >
                {a.typeName}
              </List.Item>
            ))}
          </List>
        )}
      </PullToRefresh>
    </div>
  );
}
