// The signed-in session: who, which account, which scopes (controls a role cannot use are hidden).
import { createContext, useContext } from 'react';
import type { S, Scope } from './api.ts';

export interface SessionState {
  session: S['Session'];
  can(scope: Scope): boolean;
  signOut(): Promise<void>;
  /** Switches the session to live (true) or test (false) data. */
  switchMode(livemode: boolean): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in page');
  return s;
}

/** Renders its children only when the session holds the scope. */
export function Can({ scope, children }: { scope: Scope; children: React.ReactNode }) {
  return useSession().can(scope) ? <>{children}</> : null;
}
