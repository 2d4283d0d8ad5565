import type { FastifyInstance } from 'fastify';
import { LOW_BATTERY_PERCENT, productHomeEndpoints, type PetHome } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { presentPet } from './pets.presenter.ts';
import { listPets } from './pets.service.ts';
import { petZonesQueries, type PetZoneRow } from './petZones.queries.ts';

/**
 * 宠物卫士's home figures: the pets 宠物档案 lists (listPets), each as 宠物定位 shows it (presentPet:
 * online, battery) and its safe zones as 安全区域 shows them (the smoothed side of each zone).
 */
export async function petHome(q: Queryable, user: SessionUser): Promise<PetHome> {
  const pets = (await listPets(q, user)).map((r) => presentPet(r));
  const zones = pets.length
    ? await petZonesQueries.byPets(
        q,
        pets.map((p) => p.petId),
      )
    : [];
  const byPet = new Map<number, PetZoneRow[]>();
  for (const z of zones) byPet.set(Number(z.pet_id), [...(byPet.get(Number(z.pet_id)) ?? []), z]);
  const home: PetHome = { pets: pets.length, online: 0, inside: 0, outside: 0, noZone: 0, lowBattery: 0 };
  for (const pet of pets) {
    if (pet.live.online) home.online++;
    if (pet.live.battery !== null && pet.live.battery < LOW_BATTERY_PERCENT) home.lowBattery++;
    const own = byPet.get(pet.petId) ?? [];
    if (own.some((z) => z.inside === false)) home.outside++;
    else if (own.length > 0 && own.every((z) => z.inside === true)) home.inside++;
    else home.noZone++;
  }
  return home;
}

export const petHomeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, productHomeEndpoints.pet, async (_input, request) => petHome(ctx.db, caller(request)));
};
