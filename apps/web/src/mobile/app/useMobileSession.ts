import { create } from 'zustand';
import { importPersonas, visiblePersonas } from './personaRoutes.ts';
import type { PersonaContext, PersonaModule } from './personaTypes.ts';
import { loadSession } from './session.ts';
import { rememberLanding } from './earlyCalls.ts';

/** After the calls just made have been handed to the browser (the request layer sends them a few microtasks later). */
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
      const personas = visiblePersonas(loaded, ctx);
      // the first tab a start at / lands on (earlyCalls.ts asks for its data early next time)
      rememberLanding(personas.flatMap((p) => p.tabs).find((t) => !t.visible || t.visible(ctx))?.path);
      set({ status: 'ready', ctx, personas });
    } catch {
      set({ status: 'failed' });
    }
  },
  clear: () => set({ status: 'idle', ctx: null, personas: [] }),
}));
