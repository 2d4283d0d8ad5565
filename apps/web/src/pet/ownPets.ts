import { useSearchParams } from 'react-router';
import type { Pet } from '@chelian/contracts';

/** The pet a page shows: `?petId=` (kept when moving between pages), else the first one. */
export function useSelectedPet(pets: Pet[]) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('petId'));
  const pet = pets.find((p) => p.petId === asked) ?? pets[0] ?? null;
  const select = (petId: number) => setParams((p) => (p.set('petId', String(petId)), p), { replace: true });
  return { pet, select };
}
