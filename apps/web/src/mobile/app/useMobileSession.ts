import { create } from 'zustand';
import { importPersonas, visiblePersonas } from './personaRoutes.ts';
import type { PersonaContext, PersonaModule } from './personaTypes.ts';
import { loadSession } from './session.ts';

type Status = 'idle' | 'loading' | 'ready' | 'failed';

interface MobileSessionState {
  status: Status;
  ctx: PersonaContext | null;
  personas: PersonaModule[];
  /** After login (ctx given) or on an app start with a stored session (ctx fetched). */
  open(ctx?: PersonaContext): Promise<void>;
  clear(): void;
}

/** The signed-in user as the phone app sees them: who, what they may do, which personas show. */
export const useMobileSession = create<MobileSessionState>()((set, get) => ({
  status: 'idle',
  ctx: null,
  personas: [],
  open: async (given) => {
    if (get().status === 'loading') return;
    set({ status: 'loading' });
    try {
      const [ctx, modules] = await Promise.all([given ?? loadSession(), importPersonas()]);
      set({ status: 'ready', ctx, personas: visiblePersonas(modules, ctx) });
    } catch {
      set({ status: 'failed' });
    }
  },
  clear: () => set({ status: 'idle', ctx: null, personas: [] }),
}));
