import { elecGbEndpoints } from '@chelian/contracts';
import { runtimeConfig } from '../shared/config/runtimeConfig.ts';
import { storage } from '../shared/storage/storage.ts';

/**
 * The address of a bike's declaration QR code (PNG) for an <img>: an image cannot send headers,
 * so the session goes in the query string, as downloads do.
 */
export function qrImageUrl(bikeId: number, size = 300): string {
  const q = new URLSearchParams({ bikeId: String(bikeId), size: String(size), sessionId: storage.getSessionId() });
  return `${runtimeConfig().baseUrl}${elecGbEndpoints.qrCode.path}?${q}`;
}
