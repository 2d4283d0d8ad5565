// No imports: the gateway reads this file alone (apps/server core/identifiers.ts), not the package's index.

/** The protocols a terminal speaks, and their names as an operator reads them. */
export const PROTOCOL_NAMES = { jt808: 'JT/T 808', gt06: 'GT06', h02: 'H02', watch: '手表协议' } as const;
export const PROTOCOLS = ['jt808', 'gt06', 'h02', 'watch'] as const satisfies readonly (keyof typeof PROTOCOL_NAMES)[];
export type Protocol = (typeof PROTOCOLS)[number];
