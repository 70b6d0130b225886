// Optional device sign-in endpoints: POST /auth/device/code and /auth/device/token,
// answering like wokku's Auth::DevicesController.

import { createToken, SESSION_TTL_MS } from '../auth';
import { createDeviceAuthorization, formatUserCode } from '../deviceAuth';
import type { PublicContext, RouteTable } from '../http/context';
import { badRequest, HttpError, Reply } from '../http/reply';

const gone = (error: string): HttpError => new HttpError(410, { error });
import { str } from '../validate';
import { localIso } from '../store';
import { userView } from '../views';

function requestCode(ctx: PublicContext) {
  const { state } = ctx;
  const clientName = str(ctx.body, 'client_name') || str(ctx.body, 'name') || 'Device sign-in';
  const auth = createDeviceAuthorization(state.store, clientName, state.settings.deviceIntervalSec, state.settings.deviceExpiresSec);
  const userCode = formatUserCode(auth.userCode);
  const uri = `${state.baseUrl}/dashboard/device`;
  return {
    device_code: auth.deviceCode,
    user_code: userCode,
    verification_uri: uri,
    verification_uri_complete: `${uri}?user_code=${encodeURIComponent(userCode)}`,
    expires_in: state.settings.deviceExpiresSec,
    interval: auth.intervalSec,
  };
}

/** Order as in wokku: unknown or expired, too fast, then the state (a second fetch of a token is gone). */
function pollToken(ctx: PublicContext) {
  const { store } = ctx.state;
  const auth = store.devices.get(str(ctx.body, 'device_code') ?? '');
  const now = Date.now();
  if (!auth || now >= auth.expiresAt) throw gone('expired_token');
  if (auth.lastPollAt !== null && now - auth.lastPollAt < auth.intervalSec * 1000) throw badRequest('slow_down');
  auth.lastPollAt = now;
  if (auth.status === 'denied') throw new HttpError(403, { error: 'access_denied' });
  if (auth.status === 'consumed') throw gone('token_already_retrieved');
  const user = auth.status === 'approved' && auth.userId ? store.users.get(auth.userId) : undefined;
  if (!user) return new Reply(202, { error: 'authorization_pending' });
  auth.status = 'consumed';
  // wokku names the token at approval, like its CLI logins.
  const { value } = createToken(store, user.id, `cli-${Math.floor(now / 1000)}`, localIso(now + SESSION_TTL_MS));
  return { token: value, user: userView(user) };
}

export function deviceRoutes(r: RouteTable): void {
  r.open('POST', '/auth/device/code', requestCode);
  r.open('POST', '/auth/device/token', pollToken);
}
