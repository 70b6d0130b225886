// The API layer (and the .env reader) cannot import vscode: their messages go through
// @vscode/l10n, which activate() gives VS Code's bundle. English without a bundle.

import { strict as assert } from 'node:assert';
import * as l10n from '@vscode/l10n';
import { CancelledError, InvalidIdError, TimeoutError } from '../../../src/api/errors';
import { parseErrorBody } from '../../../src/api/errorBody';

const info = { method: 'POST', path: '/api/v1/apps/1/restart' };

describe('messages of the modules without vscode (@vscode/l10n)', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('are English without a bundle', () => {
    assert.equal(new CancelledError(info).message, 'Request cancelled');
    assert.equal(new TimeoutError('https://h', 30_000, 'response', info).message, 'https://h did not answer within 30 s (POST /api/v1/apps/1/restart)');
    assert.equal(new InvalidIdError('..').message, 'Refusing to use ".." as an id in a request: an id must not be empty, "." or "..", or contain "/", "\\" or control characters');
    assert.equal(parseErrorBody(404, undefined, '').message, 'Not found');
    assert.equal(parseErrorBody(418, undefined, '').message, 'Request failed (418)');
    assert.equal(parseErrorBody(422, undefined, '{"errors":["a","b","c","d","e"]}').message, 'a; b; c (and 2 more)');
  });

  it('use the translations of the configured bundle', () => {
    l10n.config({
      contents: {
        'Request cancelled': 'Anfrage abgebrochen',
        '{0} did not answer within {1} s ({2} {3})': '{0} antwortete nicht innerhalb von {1} s ({2} {3})',
        'Not found': 'Nicht gefunden',
        'Server error ({0})': 'Serverfehler ({0})',
      },
    });
    assert.equal(new CancelledError(info).message, 'Anfrage abgebrochen');
    assert.equal(new TimeoutError('https://h', 30_000, 'response', info).message, 'https://h antwortete nicht innerhalb von 30 s (POST /api/v1/apps/1/restart)');
    assert.equal(parseErrorBody(404, undefined, '<html></html>').message, 'Nicht gefunden');
    assert.equal(parseErrorBody(599, undefined, '').message, 'Serverfehler (599)');
  });
});
