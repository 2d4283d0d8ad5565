/**
 * The IMEI a binding names: typed digits, or the text a QR code on the terminal or its box holds
 * (vendors print the bare IMEI, `IMEI:868…`, `IMEI=868…;SN=…`, or a link with `imei=868…`).
 * Returns null when no terminal identifier can be read out of it.
 */
export function imeiFromText(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{10,20}$/.test(trimmed)) return trimmed;
  const labelled = /imei\s*[:=：]?\s*(\d{10,20})/i.exec(trimmed);
  if (labelled) return labelled[1];
  const runs = trimmed.match(/\d{10,20}/g) ?? [];
  // A 15-digit run is an IMEI; otherwise the only run of terminal-id length there is.
  return runs.find((r) => r.length === 15) ?? (runs.length === 1 ? runs[0] : null);
}
