import type { CardTeam } from '@chelian/contracts';

export interface TeamNode {
  value: number;
  title: string;
  children: TeamNode[];
}

/** The team tree for a TreeSelect. */
export function teamTree(teams: CardTeam[], parentId: number | null = null): TeamNode[] {
  return teams.filter((t) => t.parentId === parentId).map((t) => ({ value: t.teamId, title: t.name, children: teamTree(teams, t.teamId) }));
}
