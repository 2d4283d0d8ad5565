import type { ReactNode } from 'react';
import { Button, Empty, Select, Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { Pet } from '@chelian/contracts';
import { usePermission } from '../shared/permission/usePermission.ts';
import { petEndpoints } from '@chelian/contracts';
import { useWholeList } from '../shared/list/usePagedList.ts';
import { useSelectedPet } from './ownPets.ts';
import { P } from './messages.ts';

/** A page about one pet: its title and pet picker (plus tools), then its body for the chosen pet. */
export function PetPageFrame({
  title,
  testId,
  tools,
  children,
}: {
  title: string;
  testId: string;
  tools?: ReactNode;
  children: (pet: Pet, reload: () => void) => ReactNode;
}) {
  const { rows: pets, loading, reload } = useWholeList(petEndpoints.list);
  const { pet, select } = useSelectedPet(pets);
  const navigate = useNavigate();
  const canAdd = usePermission('pet:profile:edit');
  if (loading) return <Spin className="sp-empty" style={{ display: 'block' }} />;
  if (!pet) {
    return (
      <Empty className="sp-empty" description={P.common.noPets} data-testid="pt-no-pets">
        {canAdd && (
          <Button type="primary" onClick={() => navigate('/profile')}>
            {P.common.toAdd}
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <div className="sp-page" data-testid={testId}>
      <section className="sp-card sp-toolbar">
        <span className="sp-title">{title}</span>
        <Select
          style={{ width: 200 }}
          value={pet.petId}
          onChange={select}
          data-testid="pt-picker"
          options={pets.map((p) => ({ value: p.petId, label: p.terminalId ? `${p.name}（${p.terminalId}）` : p.name }))}
        />
        {tools}
      </section>
      {children(pet, () => void reload(true))}
    </div>
  );
}
