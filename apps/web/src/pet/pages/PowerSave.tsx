import { useState } from 'react';
import { Radio } from 'antd';
import { PET_REPORT_CHOICES, petEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { P } from '../messages.ts';

const A = P.activity;

/** 省电设置: the collar's normal report interval against battery life, explained; the owner picks one. */
export function PowerSave({ pet, onChanged }: { pet: Pet; onChanged: () => void }) {
  const canControl = usePermission('pet:monitor:control') && !pet.shared;
  const [busy, setBusy] = useState(false);
  const choose = (seconds: number) => {
    setBusy(true);
    call(petEndpoints.powerSave, { petId: pet.petId, seconds })
      .then((r) => (toast.success(r.message), onChanged()))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <div className="pt-power" data-testid="pt-power">
      <div className="pt-power-title">{A.powerTitle}</div>
      <Radio.Group
        value={pet.reportSeconds}
        onChange={(e) => choose(e.target.value as number)}
        disabled={!canControl || busy || !pet.terminalId}
        className="pt-power-choices"
      >
        {PET_REPORT_CHOICES.map((c) => (
          <Radio.Button key={c.seconds} value={c.seconds} data-testid={`pt-power-${c.seconds}`}>
            <b>{c.name}</b>
            <span>
              {A.powerEvery.replace('{n}', String(c.seconds / 60))} · {A.powerLife.replace('{life}', c.life)}
            </span>
          </Radio.Button>
        ))}
      </Radio.Group>
      <p className="pt-note">
        {pet.shared ? `${A.powerReadOnly}。` : ''}
        {A.power}
      </p>
    </div>
  );
}
