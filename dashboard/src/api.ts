// The dashboard's only way to the server: the public /v1 API, typed from the generated OpenAPI types
// (a spec change that breaks a call fails the type check). The session cookie goes along on every
// request; state-changing requests carry the session's CSRF token, and every request the mode the page shows.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../generated/openapi.ts';

export type S = components['schemas'];
export type Scope = S['Scope'];

let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

/** The mode this page shows: sent with every request, so a session switched in another tab is refused here. */
let shownLivemode: boolean | null = null;
export const setShownLivemode = (livemode: boolean | null) => {
  shownLivemode = livemode;
};

const csrf: Middleware = {
  onRequest({ request }) {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    if (shownLivemode !== null) request.headers.set('X-Livemode', String(shownLivemode));
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(csrf);

/** An error answer of the API, with what a person needs to report it: the message and the request id. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly requestId: string | null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

type Outcome<T> = { data?: T; error?: unknown; response: Response };

/** The answer's data, or an ApiFailure carrying the error envelope's message and request id. */
export async function must<T>(call: Promise<Outcome<T>>): Promise<NonNullable<T>> {
  let outcome: Outcome<T>;
  try {
    outcome = await call;
  } catch (err) {
    throw new ApiFailure(`The server could not be reached (${(err as Error).message}).`, 0, null, null);
  }
  const { data, error, response } = outcome;
  if (response.ok && data !== undefined && data !== null) return data as NonNullable<T>;
  const envelope = (error as { error?: { message?: string; code?: string; request_id?: string; param?: string } } | undefined)?.error;
  if (response.status === 401 && envelope?.code !== 'invalid_credentials') window.dispatchEvent(new Event('vt:signed-out'));
  throw new ApiFailure(
    envelope?.message ?? `The server answered ${response.status} ${response.statusText}.`,
    response.status,
    envelope?.code ?? null,
    envelope?.request_id ?? response.headers.get('Request-Id'),
    envelope?.param ?? null,
  );
}

export const asFailure = (err: unknown): ApiFailure =>
  err instanceof ApiFailure ? err : new ApiFailure(err instanceof Error ? err.message : String(err), 0, null, null);
