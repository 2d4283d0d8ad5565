import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { petEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** The caller's pets (an owner has a handful). */
export function usePets() {
  const [pets, setPets] = useState<Pet[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback((quiet = false) => {
    if (!quiet) setLoading(true);
    return call(petEndpoints.list, undefined, { silent: quiet }).then(setPets).catch(() => {}).finally(() => setLoading(false));
  }, []);
  useEffect(() => void reload(), [reload]);
  return { pets, loading, reload };
}

/** The pet a page shows: `?petId=` (kept when moving between pages), else the first one. */
export function useSelectedPet(pets: Pet[]) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('petId'));
  const pet = pets.find((p) => p.petId === asked) ?? pets[0] ?? null;
  const select = (petId: number) => setParams((p) => (p.set('petId', String(petId)), p), { replace: true });
  return { pet, select };
}
