import { createToken, manageTokens } from '../auth/tokenCommands';
import type { Services } from '../services';
import type { CommandTable } from './index';
import { setServiceUrl } from './serviceUrl';

/** Service URL, sign-in and API tokens. */
export function accountCommands(s: Services): CommandTable {
  return {
    'apphost.setServiceUrl': setServiceUrl,
    'apphost.signIn': () => s.auth.signIn(),
    'apphost.signOut': () => s.auth.signOut(),
    'apphost.tokens.manage': () => manageTokens(s.connection, s.sessions),
    'apphost.tokens.create': () => createToken(s.connection, s.sessions),
  };
}
