/**
 * Beijing time is UTC+8 all year (China keeps no summer time): report days, shift days and the
 * 'YYYY-MM-DD HH:mm' times people type are Beijing's, stored instants are UTC. One offset for both sides.
 */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
