import type { AddressProviderName, BasemapKind, CoordSystem } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';

/** The settings row's key: one platform-wide value. */
export const MAP_SETTINGS_KEY = 'map_settings';

/** As stored: keys sealed (core/secretBox.ts), one per kind or provider. */
export interface StoredMapSettings {
  basemap: { kind: BasemapKind; url: string; coordSystem: CoordSystem; keys: Partial<Record<string, string>> };
  address: { provider: AddressProviderName; keys: Partial<Record<string, string>> };
  updatedBy: string;
}

export const mapSettingsQueries = {
  read: async (q: Queryable) =>
    (
      await q.query<{ value: StoredMapSettings; updated_at: Date }>('SELECT value, updated_at FROM settings WHERE key = $1', [
        MAP_SETTINGS_KEY,
      ])
    )[0] ?? null,
  write: async (q: Queryable, value: StoredMapSettings) =>
    (
      await q.query<{ updated_at: Date }>(
        `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, clock_timestamp())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at RETURNING updated_at`,
        [MAP_SETTINGS_KEY, value],
      )
    )[0].updated_at,
};
