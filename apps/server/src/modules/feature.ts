import type { ProtocolName } from '@chelian/protocols';
import type { Fleet } from '@chelian/simulator';
import type { AppContext } from '../context.ts';
import type { SessionUser } from '../core/sessionUser.ts';
import type { ApiModule } from '../http/app.ts';
import type { ExportKind } from './exports/excelWorkbook.ts';

/** What every position engine's start gives back: one way to stop it (server.ts stops them all in one loop). */
export interface PositionEngine {
  /** Stops listening and resolves once the work it was handed is done: its writes come before the pool closes. */
  stop(): void | Promise<void>;
}

/** What an engine is started with: storage, the bus, the log and the fixes this process's gateway commits. */
export type EngineContext = Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>;

/** A background task of the jobs role; its stop waits for a run under way. */
export type StartJob = (ctx: AppContext) => () => Promise<void>;

/** A first-start step: safe to run on every start (whatever exists is kept). */
export type Seed = (ctx: AppContext) => Promise<void>;

/** The gateway's terminal ports the demo's simulated terminals connect to. */
export type DemoPorts = Partial<Record<ProtocolName, number>>;

/**
 * A feature's part of the demo account (`--demo`, src/demo/demo.ts): its data, created as the demo
 * operator, then its simulated terminals, started once every part has seeded.
 */
export interface DemoPart {
  /** Resource codes (each a menu with everything below it) the demo role holds for this part. */
  menus: readonly string[];
  /** The protocols its terminals speak: the part is left out when the gateway has no port for one. */
  protocols: readonly ProtocolName[];
  /** Creates its data in the demo account; safe on every start (whatever exists is kept). Returns how many it created. */
  seed(ctx: AppContext, operator: SessionUser): Promise<number>;
  /** Its simulated terminals; `intervalSeconds` shortens every report interval (demo tests). */
  drive(ports: DemoPorts, intervalSeconds?: number): Fleet[];
}

/** Loaded only by the role that runs it: a gateway-only process loads engines and never a route, job or seed. */
type Lazy<T> = () => Promise<T>;

/**
 * A server feature as one unit (STYLE.md rule 13): everything the server starts for it, named in
 * its own folder's `<feature>.feature.ts`. `modules/features.ts` lists the features; the API side,
 * the jobs role, the gateway role's engines and the first-start seed iterate that list.
 */
export interface Feature {
  name: string;
  /** The sub-product it serves, when it is one (platform id, packages/contracts platforms.ts). */
  platformId?: number;
  /** Its HTTP modules (encapsulated Fastify plugins), registered in this order. */
  routes?: Lazy<readonly ApiModule[]>;
  /** Its position engine, started with the gateway role and fed every fix the gateway commits. */
  engine?: Lazy<(ctx: EngineContext) => PositionEngine>;
  /** Its tasks in the jobs role. */
  jobs?: Lazy<readonly StartJob[]>;
  /** What a fresh database needs for it, run before the API serves. */
  seed?: Lazy<Seed>;
  /** Its part of the demo account, run on a `--demo` start after the seeds. */
  demo?: Lazy<DemoPart>;
  /** The Excel files the download centre makes for it (modules/exports/exportKinds.ts gathers them). */
  exports?: Lazy<readonly ExportKind[]>;
}

/** Every feature's HTTP modules, in the list's order. */
export async function loadRoutes(features: readonly Feature[]): Promise<ApiModule[]> {
  const modules: ApiModule[] = [];
  for (const f of features) if (f.routes) modules.push(...(await f.routes()));
  return modules;
}

/** Starts every feature's position engine; each is stopped once with the others (server.ts). */
export async function startEngines(features: readonly Feature[], ctx: EngineContext): Promise<PositionEngine[]> {
  const engines: PositionEngine[] = [];
  for (const f of features) if (f.engine) engines.push((await f.engine())(ctx));
  return engines;
}
