import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { petEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** The owner's pets and the one shown (`?petId=`, kept between the pet pages, else the first). */
export function usePets() {
  const [pets, setPets] = useState<Pet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [params, setParams] = useSearchParams();
  const load = useCallback(
    () =>
      call(petEndpoints.list, undefined, { silent: true }).then(
        (list) => (setPets(list), setFailed(false)),
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  const asked = Number(params.get('petId'));
  const pet = pets?.find((p) => p.petId === asked) ?? pets?.[0] ?? null;
  const select = (petId: number) => setParams((p) => (p.set('petId', String(petId)), p), { replace: true });
  /** The pet changed on the server (lost mode, a zone): its fresh copy replaces the listed one. */
  const replace = (next: Pet) => setPets((list) => list?.map((p) => (p.petId === next.petId ? next : p)) ?? null);
  return { pets, pet, select, reload: load, replace, failed };
}
