// A VS Code settings file (JSON with comments) as values: what the offer to move the remote
// machine's settings reads (src/machineSettingsOffer.ts).
import { strict as assert } from 'node:assert';
import { readSettingsText } from '../../src/settingsText';

describe('settings file text', () => {
  it('reads JSON with line and block comments and trailing commas, as VS Code writes and users edit it', () => {
    const text = [
      '{',
      '  // the service',
      '  "apphost.baseUrl": "https://apphost.example.com", /* ours */',
      '  "apphost.services": [{ "url": "https://b.example.com", "name": "B", },],',
      '  "apphost.agentTools.enabled": false,',
      '}',
    ].join('\n');
    assert.deepEqual(readSettingsText(text), {
      'apphost.baseUrl': 'https://apphost.example.com',
      'apphost.services': [{ url: 'https://b.example.com', name: 'B' }],
      'apphost.agentTools.enabled': false,
    });
  });

  it('leaves strings alone: slashes, stars, commas before a brace and escaped quotes inside them', () => {
    const text = '{ "a": "http://x//y /* not a comment */", "b": ",}", "c": "say \\"hi\\" // still text", }';
    assert.deepEqual(readSettingsText(text), { a: 'http://x//y /* not a comment */', b: ',}', c: 'say "hi" // still text' });
    assert.deepEqual(readSettingsText('{ "a": [1, /* two */ ], // none\n "b": {}, }'), { a: [1], b: {} });
  });

  it('gives nothing for text that is not an object of settings', () => {
    for (const text of ['', '// only a comment', '[1, 2]', 'null', '{ "a": ', '{ "a": 1 } trailing']) assert.equal(readSettingsText(text), undefined, text);
    assert.deepEqual(readSettingsText('{}'), {});
  });
});
