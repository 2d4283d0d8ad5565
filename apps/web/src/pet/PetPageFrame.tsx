import type { ReactNode } from 'react';
import { Select } from 'antd';
import type { Pet } from '@chelian/contracts';
import { petEndpoints } from '@chelian/contracts';
import { useWholeList } from '../shared/list/useLoaded.ts';
import { NoneYet, OwnAssetPage } from '../shared/ui/OwnAssetPage.tsx';
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
  return (
    <OwnAssetPage
      title={title}
      testId={testId}
      tools={tools}
      loading={loading}
      asset={pet}
      none={<NoneYet text={P.common.noPets} action={P.common.toAdd} to="/profile" permission="pet:profile:edit" testId="pt-no-pets" />}
      picker={(p) => (
        <Select
          style={{ width: 200 }}
          value={p.petId}
          onChange={select}
          data-testid="pt-picker"
          options={pets.map((o) => ({ value: o.petId, label: o.terminalId ? `${o.name}（${o.terminalId}）` : o.name }))}
        />
      )}
    >
      {(p) => children(p, () => void reload(true))}
    </OwnAssetPage>
  );
}
