import { useSearchParams } from 'react-router';
import { petEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';

/** The owner's pets and the one shown (`?petId=`, kept between the pet pages, else the first). */
export function usePets() {
  const list = useWholeList(petEndpoints.list, undefined, { silent: true });
  const [params, setParams] = useSearchParams();
  const pets = list.data;
  const asked = Number(params.get('petId'));
  const pet = pets?.find((p) => p.petId === asked) ?? pets?.[0] ?? null;
  const select = (petId: number) => setParams((p) => (p.set('petId', String(petId)), p), { replace: true });
  return { pets, pet, select, reload: list.reload, failed: list.error !== null };
}
