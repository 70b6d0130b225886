// Optional device sign-in endpoints: POST /auth/device/code and /auth/device/token.

import { createToken, SESSION_TTL_MS } from '../auth';
import { createDeviceAuthorization, formatUserCode } from '../deviceAuth';
import type { PublicContext, RouteTable } from '../http/context';
import { badRequest, HttpError, Reply } from '../http/reply';
import { str } from '../validate';
import { userView } from '../views';

function requestCode(ctx: PublicContext) {
  const { state } = ctx;
  const clientName = str(ctx.body, 'client_name') || str(ctx.body, 'name') || 'Device sign-in';
  const auth = createDeviceAuthorization(state.store, clientName, state.settings.deviceIntervalSec, state.settings.deviceExpiresSec);
  const userCode = formatUserCode(auth.userCode);
  const uri = `${state.baseUrl}/device`;
  return {
    device_code: auth.deviceCode,
    user_code: userCode,
    verification_uri: uri,
    verification_uri_complete: `${uri}?user_code=${encodeURIComponent(userCode)}`,
    expires_in: state.settings.deviceExpiresSec,
    interval: auth.intervalSec,
  };
}

function pollToken(ctx: PublicContext) {
  const { store } = ctx.state;
  const deviceCode = str(ctx.body, 'device_code');
  if (!deviceCode) throw badRequest('device_code is required');
  const auth = store.devices.get(deviceCode);
  if (!auth || auth.status === 'consumed') throw badRequest('invalid_grant');
  const now = Date.now();
  if (now >= auth.expiresAt) throw new HttpError(410, { error: 'expired_token' });
  if (auth.status === 'denied') throw new HttpError(403, { error: 'access_denied' });
  if (auth.status === 'approved' && auth.userId) {
    const user = store.users.get(auth.userId);
    if (!user) throw badRequest('invalid_grant');
    auth.status = 'consumed';
    const { value } = createToken(store, user.id, auth.clientName, new Date(now + SESSION_TTL_MS).toISOString());
    store.recordActivity({
      workspaceId: store.personalWorkspace(user.id).id, userId: user.id, action: 'user.login',
      description: `${user.email} signed in with a device code (${auth.clientName})`, targetName: user.email, targetType: 'User',
    });
    return { token: value, user: userView(user) };
  }
  const tooSoon = auth.lastPollAt !== null && now - auth.lastPollAt < auth.intervalSec * 1000;
  auth.lastPollAt = now;
  if (tooSoon) throw badRequest('slow_down');
  return new Reply(202, { error: 'authorization_pending' });
}

export function deviceRoutes(r: RouteTable): void {
  r.open('POST', '/auth/device/code', requestCode);
  r.open('POST', '/auth/device/token', pollToken);
}
