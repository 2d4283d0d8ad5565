import { create } from 'zustand';
import { importPersonas, visiblePersonas } from './personaRoutes.ts';
import type { PersonaContext, PersonaModule } from './personaTypes.ts';
import { loadSession } from './session.ts';

/** After the calls just made have been handed to the browser (axios sends them a few microtasks later). */
export const afterCallsLeave = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
      const session = given ?? loadSession();
      // the modules' files are asked for once the session's calls have left: on HTTP/1.1's 6
      // connections a host, calls made after a burst of files wait for them
      const modules = afterCallsLeave().then(() => importPersonas());
      const [ctx, loaded] = await Promise.all([session, modules]);
      set({ status: 'ready', ctx, personas: visiblePersonas(loaded, ctx) });
    } catch {
      set({ status: 'failed' });
    }
  },
  clear: () => set({ status: 'idle', ctx: null, personas: [] }),
}));
