/** The gateway's own figures (Gateway.stats), counted by its sessions and listeners. */
export interface GatewayStats {
  connections: number;
  frames: number;
  badFrames: number;
  positions: number;
  closedForAbuse: number;
  /** Connections closed because a frame begun was not finished in time (frameDeadline.ts). */
  frameDeadlines: number;
  /** Connections refused: their address already held its limit (connectionLimits.ts). */
  refusedPerAddress: number;
}

export function newGatewayStats(): GatewayStats {
  return { connections: 0, frames: 0, badFrames: 0, positions: 0, closedForAbuse: 0, frameDeadlines: 0, refusedPerAddress: 0 };
}
